import { reportedPlayerCount, type ServerLiveCheckResponse } from '@outpost/contracts';
import { SLOT, useT, withNode } from '@outpost/host';
import { Button, Callout } from '@outpost/ui/core';

interface Props {
  check: ServerLiveCheckResponse | null;
  busy: boolean;
  /** The API could not run the check (the host already showed why). */
  failed: boolean;
  address: string;
  onCheck: () => void;
}

/** Step 3: query the server live; it can be saved only once it answered. */
export function LiveCheckStep({ check, busy, failed, address, onCheck }: Props) {
  const t = useT();
  const data = check?.data;
  const players = data ? { players: reportedPlayerCount(data), max: data.maxplayers, map: data.map } : null;
  return (
    <div className="live-check">
      <p>{withNode(t('servers.create.before', { address: SLOT }), <code>{address}</code>)}</p>
      <div>
        <Button icon="refresh" busy={busy} onClick={onCheck}>
          {t(busy ? 'servers.create.checking' : check ? 'servers.create.checkAgain' : 'servers.create.check')}
        </Button>
      </div>
      {check?.online && (
        <Callout tone="success" role="status">
          {!players
            ? t('servers.create.answered')
            : players.map
              ? t('servers.create.answeredMap', players)
              : t('servers.create.answeredPlayers', players)}
        </Callout>
      )}
      {failed && (
        <Callout tone="danger" role="alert">
          {t('servers.create.checkFailed')}
        </Callout>
      )}
      {check && !check.online && (
        <Callout tone="danger" role="alert">
          {check.message ? t('servers.create.noAnswerWhy', { message: check.message }) : t('servers.create.noAnswer')}
        </Callout>
      )}
    </div>
  );
}
