import { reportedPlayerCount, type ServerLiveCheckResponse } from '@outpost/contracts';
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
  return (
    <div className="live-check">
      <p>
        Before it is saved, Outpost queries <code>{address}</code> once to make sure the server answers.
      </p>
      <div>
        <Button icon="refresh" busy={busy} onClick={onCheck}>
          {busy ? 'Checking…' : check ? 'Check again' : 'Check server'}
        </Button>
      </div>
      {check?.online && (
        <Callout tone="success" role="status">
          The server answered
          {check.data && (
            <>
              : {reportedPlayerCount(check.data)}/{check.data.maxplayers} players
              {check.data.map && <> on {check.data.map}</>}
            </>
          )}
          .
        </Callout>
      )}
      {failed && (
        <Callout tone="danger" role="alert">
          The live check could not run, so the server cannot be saved yet. Try again in a moment.
        </Callout>
      )}
      {check && !check.online && (
        <Callout tone="danger" role="alert">
          The server did not answer{check.message ? `: ${check.message}` : '.'} Check the IP and ports, then try again.
        </Callout>
      )}
    </div>
  );
}
