import type { Server } from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { LinkButton, Tag } from '@outpost/ui/core';
import { Link } from 'react-router';
import { shownTags } from './server-display';
import { StatusIcon } from './status-icon';

interface Props {
  server: Server;
  groupId: string;
  /** Links to the manage page (users who may manage servers); otherwise the name opens the public details. */
  linked: boolean;
  onShowDetails?(): void;
}

/** Status, name (the manage page for staff, the public details for others) and its '5+' / 'Custom Maps' tags. */
export function ServerName({ server, groupId, linked, onShowDetails }: Props) {
  const t = useT();
  return (
    <span className="server-name">
      <StatusIcon server={server} />{' '}
      {linked ? (
        <Link to={`/admin/servers/${encodeURIComponent(groupId)}/${encodeURIComponent(server.id)}`}>{server.name}</Link>
      ) : onShowDetails ? (
        <LinkButton onClick={onShowDetails}>{server.name}</LinkButton>
      ) : (
        server.name
      )}
      {shownTags(server.tags).map((tag) => (
        <Tag key={tag} tone="neutral">
          {t(tag)}
        </Tag>
      ))}
    </span>
  );
}
