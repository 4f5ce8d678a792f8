import type { Game } from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { Card, rich } from '@outpost/ui/core';

/** The help boxes under the server tables: how to join, make a lobby, and what the icons mean. */
export function HelpBoxes({ games }: { games: readonly Game[] }) {
  const t = useT();
  const command = (key: 'connect' | 'lobby') => <strong>{t(`servers-overview.col.${key}`)}</strong>;
  return (
    <div className="help-boxes">
      <Card className="help-box" title={t('servers-overview.help.join.title')}>
        <p>
          {rich(t, 'servers-overview.help.join', {
            join: <strong>{t('servers-overview.join')}</strong>,
            key: <kbd>~</kbd>,
            command: command('connect'),
            example: <code>connect host:port</code>,
          })}
        </p>
      </Card>
      {games.includes('l4d2') && (
        <Card className="help-box" title={t('servers-overview.help.lobby.title')}>
          <p>
            {rich(t, 'servers-overview.help.lobby', {
              command: command('lobby'),
              // The game's own menu entry (its catalogs keep Left 4 Dead 2's English name).
              option: <em>{t('servers-overview.help.lobby.option')}</em>,
            })}
          </p>
        </Card>
      )}
      {games.includes('minecraft') && (
        <Card className="help-box" title="Minecraft">
          <p>
            {rich(t, 'servers-overview.help.mc', {
              multiplayer: <em>{t('servers-overview.help.mc.multiplayer')}</em>,
              add: <em>{t('servers-overview.help.mc.add')}</em>,
              ip: <strong>{t('servers-overview.col.ip')}</strong>,
            })}
          </p>
        </Card>
      )}
      <Card className="help-box" title={t('servers-overview.help.icons.title')}>
        <p>{t('servers-overview.help.icons')}</p>
      </Card>
    </div>
  );
}
