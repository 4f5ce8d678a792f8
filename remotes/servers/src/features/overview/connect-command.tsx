import type { Server } from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { ButtonLink } from '@outpost/ui/core';
import { connectCommand, steamJoinUrl } from './server-display';

/** SPEC 2: 'connect host:port', plus a Join link through Steam while the server is online. */
export function ConnectCommand({ server }: { server: Pick<Server, 'host' | 'port' | 'online'> }) {
  const t = useT();
  return (
    <span className="connect-command">
      <code>{connectCommand(server)}</code>
      {server.online && (
        <>
          {' '}
          {/* join-link: the docs' join-server tour points at it (remotes/docs/content/tours). */}
          <ButtonLink href={steamJoinUrl(server)} size="small" variant="primary" icon="start" className="join-link">
            {t('servers-overview.join')}
          </ButtonLink>
        </>
      )}
    </span>
  );
}
