import type { LinkName } from '@outpost/contracts';
import { useMetaStore, useT } from '@outpost/host';
import { Card, EmptyState, LoadingState } from '@outpost/ui/core';

// `label` and `text`: message keys.
const LINKS: { name: LinkName; href: string; label: string; text: string }[] = [
  { name: 'stats', href: '/api/links/stats', label: 'servers.links.stats', text: 'servers.links.statsText' },
  {
    name: 'extended-stats',
    href: '/api/links/extended-stats',
    label: 'servers.links.extendedStats',
    text: 'servers.links.extendedStatsText',
  },
  {
    name: 'steam-group',
    href: '/api/links/steam-group',
    label: 'servers.links.steamGroup',
    text: 'servers.links.steamGroupText',
  },
  {
    name: 'discord',
    href: '/api/admins/discord',
    label: 'servers.links.discordLabel',
    text: 'servers.links.discord',
  },
];

/** `/links`: the community's external links that are set (the server redirects to the set URL). */
export function Links() {
  const t = useT();
  const meta = useMetaStore((state) => state.meta);
  if (!meta) return <LoadingState what={t('servers.links.what')} />;
  const shown = LINKS.filter((link) => meta.links.includes(link.name));
  if (shown.length === 0) return <EmptyState>{t('servers.links.empty')}</EmptyState>;
  return (
    <div className="link-cards">
      {shown.map((link) => (
        <Card key={link.href} title={<a href={link.href}>{t(link.label)}</a>}>
          <p className="muted">{t(link.text)}</p>
        </Card>
      ))}
    </div>
  );
}
