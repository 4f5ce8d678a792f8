import type { Server } from '@outpost/contracts';
import { Link } from 'react-router';
import { shownTags } from './server-display';
import { StatusIcon } from './status-icon';

/** Status, name (a link to its manage page when signed in) and its '5+' / 'Custom Maps' tags. */
export function ServerName({ server, groupId, linked }: { server: Server; groupId: string; linked: boolean }) {
  return (
    <span className="server-name">
      <StatusIcon server={server} />{' '}
      {linked ? (
        <Link to={`/admin/servers/${encodeURIComponent(groupId)}/${encodeURIComponent(server.id)}`}>{server.name}</Link>
      ) : (
        server.name
      )}
      {shownTags(server.tags).map((tag) => (
        <span key={tag} className="tag server-tag">
          {tag}
        </span>
      ))}
    </span>
  );
}
