import { impersonationResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { useCan, useHost, useSessionStore } from '@outpost/host';
import { Button, ConfirmDialog } from '@outpost/ui';
import { useState } from 'react';

/** Why the API refused, by its error code; an unknown code shows the API's own message. */
function refusalReason(code: unknown, message: string | null, name: string): string {
  switch (code) {
    case 'TARGET_IMMUNE':
      return `${name} has an immunity level equal to or above yours`;
    case 'SELF':
      return 'You cannot impersonate yourself';
    case 'ALREADY_IMPERSONATING':
      return 'You are impersonating someone already: stop that first';
    case 'SESSION_REQUIRED':
      return 'Impersonation needs a signed-in browser session, not an API key';
    case 'NOT_FOUND':
      return `${name} has no Outpost account`;
    case 'FORBIDDEN':
      return 'You do not have the permission users.impersonate';
    default:
      return message ?? 'The server gave no reason';
  }
}

interface Props {
  player: PlayerDetail;
  /** After the server switched the session: reload so every part of the page is the user's. */
  onStarted?(): void;
}

/** "Impersonate" in the player modal: for users.impersonate, asks first, says why when refused. */
export function ImpersonateButton({ player, onStarted = () => window.location.assign('/') }: Props) {
  const host = useHost();
  const allowed = useCan('users.impersonate');
  const isSelfOrBusy = useSessionStore(
    (state) => state.session?.id === player.userId || Boolean(state.session?.impersonatingId),
  );
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!allowed || !player.userId || isSelfOrBusy) return null;
  const userId = player.userId;

  const start = async () => {
    let response: Response | null;
    try {
      response = await host.apiFetch(`/api/admins/impersonate/${encodeURIComponent(userId)}`, {
        method: 'POST',
        quiet: true,
        throwOnNetworkError: true,
      });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
      return;
    }
    if (!response) return;
    const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
    if (response.ok && impersonationResponseSchema.safeParse(body).success) {
      setAsking(false);
      onStarted();
      return;
    }
    const message = typeof body?.message === 'string' ? body.message : `${response.status} ${response.statusText}`;
    setRefusal(refusalReason(body?.error, message, player.name));
  };

  return (
    <>
      <Button
        size="small"
        icon="user"
        onClick={() => {
          setRefusal(null);
          setAsking(true);
        }}
      >
        Impersonate
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Impersonate ${player.name}?`}
          confirmLabel="Impersonate"
          onConfirm={start}
          onCancel={() => setAsking(false)}
        >
          <p>
            You will see and do everything as {player.name} until you press Stop Impersonating. Both are written to the
            audit log.
          </p>
          {refusal && (
            <p className="error-text" role="alert">
              Impersonation Failed: {refusal}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
