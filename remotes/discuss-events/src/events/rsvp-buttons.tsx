import type { EventDetail, RsvpResponse } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, LinkButton } from '@outpost/ui';
import { useId, useState } from 'react';
import { answerEvent } from './events-api';

const CHOICES: Array<{ value: RsvpResponse; label: string }> = [
  { value: 'going', label: 'Going' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'not_going', label: 'Not going' },
];

/** Going / Maybe / Not going, the chosen one pressed; a full event puts 'Going' on the waiting list. */
export function RsvpButtons({ event, onChanged }: { event: EventDetail; onChanged(event: EventDetail): void }) {
  const host = useHost();
  const questionId = useId();
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
      <p className="rsvp-question" id={questionId}>
        <strong>Will you be there?</strong>
      </p>
      <div className="rsvp-choices" role="group" aria-labelledby={questionId} aria-busy={busy}>
        {CHOICES.map((choice) => (
          <Button
            key={choice.value}
            variant={event.myResponse === choice.value ? 'primary' : 'secondary'}
            aria-pressed={event.myResponse === choice.value}
            disabled={busy}
            onClick={() => void answer(choice.value)}
          >
            {choice.value === 'going' && full && event.myResponse !== 'going' ? 'Join the waiting list' : choice.label}
          </Button>
        ))}
        {event.myResponse !== null && (
          <LinkButton disabled={busy} onClick={() => void answer(null)}>
            Withdraw my answer
          </LinkButton>
        )}
      </div>
      {event.myWaitlistPosition !== null && (
        <p className="muted" role="status">
          The event is full: you are number {event.myWaitlistPosition} on the waiting list, and get a place (and a
          notification) when someone leaves.
        </p>
      )}
    </div>
  );
}
