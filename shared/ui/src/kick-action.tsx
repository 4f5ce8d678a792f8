import { kickResponseSchema } from '@outpost/contracts';
import { sendJson, useHost } from '@outpost/host';
import { Button } from '@outpost/ui/core';
import { useState } from 'react';
import { useKitWords } from './kit-words';
import { ReasonDialog } from './reason-dialog';

/**
 * Kick a connected player from the web (issue 25 item 2; players.kick): asks for a reason, then
 * POST /api/game-presence/{serverId}/kick (the plugin's channel, else RCON). A refusal (a more
 * immune player, no longer connected) is shown by the host like any failed request. In the kit
 * because two remotes show it: a player's page (players-bans-notes) and a server's page (servers).
 */
export function KickAction({
  serverId,
  serverName,
  player,
  onKicked = () => {},
}: {
  serverId: string;
  serverName: string;
  player: { steamid: string; name: string };
  onKicked?(): void;
}) {
  const host = useHost();
  const [open, setOpen] = useState(false);
  const say = useKitWords();
  const { name } = player;
  const kickName = say('ui.kick.title', `Kick ${name}`, { name });
  const kick = async (reason: string) => {
    const done = await sendJson(
      host,
      'POST',
      `/api/game-presence/${encodeURIComponent(serverId)}/kick`,
      { steamid: player.steamid, reason },
      kickResponseSchema,
    );
    if (!done.ok) return;
    host.notify({
      level: 'success',
      message: say('ui.kick.done', `${name} was kicked from ${serverName}`, { name, server: serverName }),
    });
    setOpen(false);
    onKicked();
  };
  return (
    <>
      <Button variant="danger" size="small" icon="logout" aria-label={kickName} onClick={() => setOpen(true)}>
        {say('ui.kick.submit', 'Kick')}
      </Button>
      {open && (
        <ReasonDialog
          title={kickName}
          submitLabel={say('ui.kick.submit', 'Kick')}
          danger
          hint={say('ui.kick.hint', 'Shown to the player as they are kicked, and kept in the audit log')}
          onSubmit={kick}
          onCancel={() => setOpen(false)}
        >
          <p>
            {say(
              'ui.kick.body',
              `${name} is kicked from ${serverName} now. They can join again: ban them to keep them out.`,
              { name, server: serverName },
            )}
          </p>
        </ReasonDialog>
      )}
    </>
  );
}
