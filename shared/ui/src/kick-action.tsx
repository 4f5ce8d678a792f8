import { kickResponseSchema } from '@outpost/contracts';
import { sendJson, useHost } from '@outpost/host';
import { Button } from '@outpost/ui/core';
import { useState } from 'react';
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
  const kick = async (reason: string) => {
    const done = await sendJson(
      host,
      'POST',
      `/api/game-presence/${encodeURIComponent(serverId)}/kick`,
      { steamid: player.steamid, reason },
      kickResponseSchema,
    );
    if (!done.ok) return;
    host.notify({ level: 'success', message: `${player.name} was kicked from ${serverName}` });
    setOpen(false);
    onKicked();
  };
  return (
    <>
      <Button
        variant="danger"
        size="small"
        icon="logout"
        aria-label={`Kick ${player.name}`}
        onClick={() => setOpen(true)}
      >
        Kick
      </Button>
      {open && (
        <ReasonDialog
          title={`Kick ${player.name}`}
          submitLabel="Kick"
          danger
          hint="Shown to the player as they are kicked, and kept in the audit log"
          onSubmit={kick}
          onCancel={() => setOpen(false)}
        >
          <p>
            {player.name} is kicked from {serverName} now. They can join again: ban them to keep them out.
          </p>
        </ReasonDialog>
      )}
    </>
  );
}
