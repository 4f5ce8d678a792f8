import { SLOT, useHost, useLoad, useT, withNode } from '@outpost/host';
import { Button, Card, ConfirmDialog, DateTime, Field, Input } from '@outpost/ui';
import { useState } from 'react';
import { createFeed, eventFeedStatusSchema, feedPath, revokeFeed } from './events-api';

/**
 * The user's calendar feed: a secret URL for a calendar app to subscribe to (the events they
 * answered going or maybe). The URL is shown once, when made; a new one ends the old one.
 */
export function CalendarFeed() {
  const host = useHost();
  const t = useT();
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
    <Card title={t('discuss-events.feed.title')} description={t('discuss-events.feed.description')}>
      {shownUrl && (
        <Field label={t('discuss-events.feed.address')}>
          {(control) => (
            <div className="feed-url-row">
              <Input {...control} readOnly value={shownUrl} onFocus={(e) => e.target.select()} />
              <Button icon="copy" onClick={() => void navigator.clipboard?.writeText(shownUrl)}>
                {t('discuss-events.feed.copy')}
              </Button>
            </div>
          )}
        </Field>
      )}
      {state.status === 'ready' && (
        <div className="feed-actions">
          {exists && !shownUrl && (
            <p className="muted">
              {withNode(t('discuss-events.feed.made', { date: SLOT }), <DateTime value={state.data.createdAt} />)}
            </p>
          )}
          <Button icon="refresh" onClick={() => (exists ? setConfirming('regenerate') : void make())}>
            {exists ? t('discuss-events.feed.makeNew') : t('discuss-events.feed.make')}
          </Button>
          {exists && (
            <Button icon="delete" onClick={() => setConfirming('revoke')}>
              {t('discuss-events.feed.turnOff')}
            </Button>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming === 'regenerate'
              ? t('discuss-events.feed.makeNewQuestion')
              : t('discuss-events.feed.turnOffQuestion')
          }
          confirmLabel={
            confirming === 'regenerate'
              ? t('discuss-events.feed.makeNewConfirm')
              : t('discuss-events.feed.turnOffConfirm')
          }
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
          {t('discuss-events.feed.confirmText')}
        </ConfirmDialog>
      )}
    </Card>
  );
}
