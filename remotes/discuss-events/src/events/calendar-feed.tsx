import { useHost, useLoad } from '@outpost/host';
import { Button, Card, ConfirmDialog, DateTime, Field, Input } from '@outpost/ui';
import { useState } from 'react';
import { createFeed, eventFeedStatusSchema, feedPath, revokeFeed } from './events-api';

/**
 * The user's calendar feed: a secret URL for a calendar app to subscribe to (the events they
 * answered going or maybe). The URL is shown once, when made; a new one ends the old one.
 */
export function CalendarFeed() {
  const host = useHost();
  const { state, reload } = useLoad(feedPath, eventFeedStatusSchema);
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const exists = state.status === 'ready' && state.data.exists;
  const make = async () => {
    const result = await createFeed(host);
    if (result.ok && result.data !== true) setShownUrl(result.data.url);
    reload();
  };
  return (
    <Card
      title="Calendar feed"
      description="Subscribe to your events (those you answered going or maybe) in Google Calendar, Outlook or Apple Calendar. The address is secret: anyone who has it sees your events."
    >
      {shownUrl && (
        <Field label="Your feed address (shown only now: copy it)">
          {(control) => (
            <div className="feed-url-row">
              <Input {...control} readOnly value={shownUrl} onFocus={(e) => e.target.select()} />
              <Button icon="copy" onClick={() => void navigator.clipboard?.writeText(shownUrl)}>
                Copy
              </Button>
            </div>
          )}
        </Field>
      )}
      {state.status === 'ready' && (
        <div className="feed-actions">
          {exists && !shownUrl && (
            <p className="muted">
              You made a feed address on <DateTime value={state.data.createdAt} />. Make a new one if you lost it.
            </p>
          )}
          <Button icon="refresh" onClick={() => (exists ? setConfirming('regenerate') : void make())}>
            {exists ? 'Make a new feed address' : 'Make a feed address'}
          </Button>
          {exists && (
            <Button icon="delete" onClick={() => setConfirming('revoke')}>
              Turn the feed off
            </Button>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming === 'regenerate' ? 'Make a new feed address?' : 'Turn the calendar feed off?'}
          confirmLabel={confirming === 'regenerate' ? 'Make a new address' : 'Turn off'}
          danger={confirming === 'revoke'}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            if (confirming === 'regenerate') await make();
            else {
              await revokeFeed(host);
              setShownUrl(null);
              reload();
            }
            setConfirming(null);
          }}
        >
          The existing address will no longer work: calendars subscribed to it stop updating.
        </ConfirmDialog>
      )}
    </Card>
  );
}
