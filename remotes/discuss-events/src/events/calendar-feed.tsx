import { useHost, useLoad } from '@outpost/host';
import { ConfirmDialog, formatDate, Icon } from '@outpost/ui';
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
    <section className="calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Calendar feed</h2>
      <p className="muted">
        Subscribe to your events (those you answered going or maybe) in Google Calendar, Outlook or Apple Calendar. The
        address is secret: anyone who has it sees your events.
      </p>
      {shownUrl && (
        <div className="feed-url">
          <label htmlFor="feed-url-input">Your feed address (shown only now: copy it)</label>
          <div className="feed-url-row">
            <input id="feed-url-input" className="input" readOnly value={shownUrl} onFocus={(e) => e.target.select()} />
            <button
              type="button"
              className="button is-light"
              onClick={() => void navigator.clipboard?.writeText(shownUrl)}
            >
              <Icon name="copy" /> Copy
            </button>
          </div>
        </div>
      )}
      {state.status === 'ready' && (
        <div className="feed-actions">
          {exists && !shownUrl && (
            <p className="muted">
              You made a feed address on {formatDate(state.data.createdAt)}. Make a new one if you lost it.
            </p>
          )}
          <button
            type="button"
            className="button is-light"
            onClick={() => (exists ? setConfirming('regenerate') : void make())}
          >
            <Icon name="refresh" /> {exists ? 'Make a new feed address' : 'Make a feed address'}
          </button>
          {exists && (
            <button type="button" className="button is-light" onClick={() => setConfirming('revoke')}>
              <Icon name="delete" /> Turn the feed off
            </button>
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
    </section>
  );
}
