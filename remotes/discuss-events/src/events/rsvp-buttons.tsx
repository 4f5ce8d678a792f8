import type { EventDetail, RsvpResponse } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { useState } from 'react';
import { answerEvent } from './events-api';

const CHOICES: Array<{ value: RsvpResponse; label: string }> = [
  { value: 'going', label: 'Going' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'not_going', label: 'Not going' },
];

/** Going / Maybe / Not going, the chosen one pressed; a full event puts 'Going' on the waiting list. */
export function RsvpButtons({ event, onChanged }: { event: EventDetail; onChanged(event: EventDetail): void }) {
  const host = useHost();
  const [busy, setBusy] = useState(false);
  const full = event.capacity !== null && event.goingCount >= event.capacity;
  const answer = async (response: RsvpResponse | null) => {
    setBusy(true);
    const result = await answerEvent(host, event.id, response);
    setBusy(false);
    if (result.ok && result.data !== true) onChanged(result.data);
  };
  return (
    <div className="rsvp">
      <fieldset className="rsvp-choices" disabled={busy} aria-busy={busy}>
        <legend>Will you be there?</legend>
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className={event.myResponse === choice.value ? 'button' : 'button is-light'}
            aria-pressed={event.myResponse === choice.value}
            onClick={() => void answer(choice.value)}
          >
            {choice.value === 'going' && full && event.myResponse !== 'going' ? 'Join the waiting list' : choice.label}
          </button>
        ))}
        {event.myResponse !== null && (
          <button type="button" className="link-button" onClick={() => void answer(null)}>
            Withdraw my answer
          </button>
        )}
      </fieldset>
      {event.myWaitlistPosition !== null && (
        <p className="muted" role="status">
          The event is full: you are number {event.myWaitlistPosition} on the waiting list, and get a place (and a
          notification) when someone leaves.
        </p>
      )}
    </div>
  );
}
