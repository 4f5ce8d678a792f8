import { type Server, type ServerAction, serverActionPermission } from '@outpost/contracts';
import { can, useHost, useSessionStore } from '@outpost/host';
import { useState } from 'react';
import { visibleActions } from './action-visibility';
import { runServerAction } from './run-action';

// An action's color is either a button class ('is-danger', 'is-warning'...) or a CSS color.
const isClass = (color: string) => /^is-[a-z-]+$/.test(color);
const colorClass = (color: string) => (isClass(color) ? color : '');
const colorStyle = (color: string) => (color && !isClass(color) ? { background: color } : undefined);

/** Manage mode: one button per action the server shows (SPEC 5) and the user may run. */
export function ActionButtons({ server, onRan }: { server: Server; onRan?: () => void }) {
  const host = useHost();
  const session = useSessionStore((state) => state.session);
  const [running, setRunning] = useState<string | null>(null);
  const actions = visibleActions(server).filter((action) => can(session, serverActionPermission(action.command)));
  if (actions.length === 0) return <span className="muted">No actions</span>;

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
        <button
          key={action.command}
          type="button"
          className={`button is-small ${colorClass(action.color)}`}
          style={colorStyle(action.color)}
          title={action.description || undefined}
          disabled={running !== null}
          onClick={() => void run(action)}
        >
          {running === action.command ? `${action.name}…` : action.name}
        </button>
      ))}
    </div>
  );
}
