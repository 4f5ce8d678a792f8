import { type Server, type ServerAction, serverActionPermission } from '@outpost/contracts';
import { can, useHost, useSessionStore, useT } from '@outpost/host';
import { Button, type ButtonVariant } from '@outpost/ui/core';
import { useState } from 'react';
import { useServersCatalogs } from '../../catalogs';
import { visibleActions } from './action-visibility';
import { runServerAction } from './run-action';

// An action's color (SPEC: set by staff per action) is a tone ('is-danger', 'is-warning'...) or a
// CSS colour. Tones become the kit's button variants; a CSS colour is the staff's data, shown as is.
const isTone = (color: string) => /^is-[a-z-]+$/.test(color);
function variantOf(color: string): ButtonVariant {
  if (color === 'is-danger') return 'danger';
  if (color === 'is-primary' || color === 'is-link' || color === 'is-info') return 'primary';
  return 'secondary';
}
// The kit's button tones that are no variant of their own.
const toneClass = (color: string) => (color === 'is-warning' || color === 'is-success' ? color : undefined);
const colorStyle = (color: string) => (color && !isTone(color) ? { background: color } : undefined);

/** Manage mode: one button per action the server shows (SPEC 5) and the user may run. */
export function ActionButtons({ server, onRan }: { server: Server; onRan?: () => void }) {
  const host = useHost();
  const session = useSessionStore((state) => state.session);
  const [running, setRunning] = useState<string | null>(null);
  const t = useT();
  const ready = useServersCatalogs();
  const actions = visibleActions(server).filter((action) => can(session, serverActionPermission(action.command)));
  if (!ready) return null;
  if (actions.length === 0) return <span className="muted">{t('servers.actions.none')}</span>;

  const run = async (action: ServerAction) => {
    setRunning(action.command);
    try {
      host.notify(await runServerAction(host, server.id, action));
      onRan?.();
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="server-actions">
      {actions.map((action) => (
        <Button
          key={action.command}
          size="small"
          variant={variantOf(action.color)}
          className={toneClass(action.color)}
          style={colorStyle(action.color)}
          title={action.description || undefined}
          disabled={running !== null}
          busy={running === action.command}
          onClick={() => void run(action)}
        >
          {running === action.command ? t('servers.actions.running', { name: action.name }) : action.name}
        </Button>
      ))}
    </div>
  );
}
