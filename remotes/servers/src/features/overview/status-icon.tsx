import { type Server, serverStatusKind } from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { Icon } from '@outpost/ui/core';
import { statusTooltip } from './server-display';

/** The status dot before a server's name; its tooltip is the SPEC 8 text. */
export function StatusIcon({ server }: { server: Pick<Server, 'online' | 'status'> }) {
  const kind = serverStatusKind(server);
  const tooltip = useT()(statusTooltip(kind));
  return (
    <span className={`status-icon status-${kind}`} role="img" aria-label={tooltip} title={tooltip}>
      <Icon name={`status-${kind}`} />
    </span>
  );
}
