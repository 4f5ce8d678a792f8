import { impersonationResponseSchema, type PlayerDetail } from '@outpost/contracts';
import { i18n, useCan, useHost, useSessionStore, useT } from '@outpost/host';
import { Button, ConfirmDialog } from '@outpost/ui';
import { useState } from 'react';

const REFUSALS: Record<string, string> = {
  TARGET_IMMUNE: 'players-bans-notes.players.impersonate.immune',
  SELF: 'players-bans-notes.players.impersonate.self',
  ALREADY_IMPERSONATING: 'players-bans-notes.players.impersonate.already',
  SESSION_REQUIRED: 'players-bans-notes.players.impersonate.session',
  NOT_FOUND: 'players-bans-notes.players.impersonate.notFound',
  FORBIDDEN: 'players-bans-notes.players.impersonate.forbidden',
};

/** Why the API refused, by its error code, in the active locale; an unknown code shows the API's own message. */
function refusalReason(code: unknown, message: string | null, name: string): string {
  const key = typeof code === 'string' ? REFUSALS[code] : undefined;
  if (key) return i18n._(key, { name });
  return message ?? i18n._('players-bans-notes.players.impersonate.noReason');
}

interface Props {
  player: PlayerDetail;
  /** After the server switched the session: reload so every part of the page is the user's. */
  onStarted?(): void;
}

/** "Impersonate" in the player modal: for users.impersonate, asks first, says why when refused. */
export function ImpersonateButton({ player, onStarted = () => window.location.assign('/') }: Props) {
  const host = useHost();
  const t = useT();
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
        {t('players-bans-notes.players.impersonate')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('players-bans-notes.players.impersonate.title', { name: player.name })}
          confirmLabel={t('players-bans-notes.players.impersonate')}
          onConfirm={start}
          onCancel={() => setAsking(false)}
        >
          <p>{t('players-bans-notes.players.impersonate.body', { name: player.name })}</p>
          {refusal && (
            <p className="error-text" role="alert">
              {t('players-bans-notes.players.impersonate.failed', { reason: refusal })}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
