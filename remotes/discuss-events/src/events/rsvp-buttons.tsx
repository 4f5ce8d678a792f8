import type { EventDetail, RsvpResponse } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
import { Button, LinkButton } from '@outpost/ui';
import { useId, useState } from 'react';
import { answerEvent } from './events-api';

const CHOICES: Array<{ value: RsvpResponse; labelId: string }> = [
  { value: 'going', labelId: 'discuss-events.rsvp.going' },
  { value: 'maybe', labelId: 'discuss-events.rsvp.maybe' },
  { value: 'not_going', labelId: 'discuss-events.rsvp.notGoing' },
];

/** Going / Maybe / Not going, the chosen one pressed; a full event puts 'Going' on the waiting list. */
export function RsvpButtons({ event, onChanged }: { event: EventDetail; onChanged(event: EventDetail): void }) {
  const host = useHost();
  const t = useT();
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
        <strong>{t('discuss-events.rsvp.question')}</strong>
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
            {choice.value === 'going' && full && event.myResponse !== 'going'
              ? t('discuss-events.rsvp.join')
              : t(choice.labelId)}
          </Button>
        ))}
        {event.myResponse !== null && (
          <LinkButton disabled={busy} onClick={() => void answer(null)}>
            {t('discuss-events.rsvp.withdraw')}
          </LinkButton>
        )}
      </div>
      {event.myWaitlistPosition !== null && (
        <p className="muted" role="status">
          {t('discuss-events.rsvp.waitlist', { position: event.myWaitlistPosition })}
        </p>
      )}
    </div>
  );
}
