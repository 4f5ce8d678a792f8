import type { LinkName } from '@outpost/contracts';
import { useMetaStore } from '@outpost/host';
import { Card, EmptyState, LoadingState } from '@outpost/ui/core';

const LINKS: { name: LinkName; href: string; label: string; text: string }[] = [
  { name: 'stats', href: '/api/links/stats', label: 'Stats', text: 'Player statistics' },
  {
    name: 'extended-stats',
    href: '/api/links/extended-stats',
    label: 'Extended Stats',
    text: 'Extended player statistics',
  },
  { name: 'steam-group', href: '/api/links/steam-group', label: 'Steam Group', text: 'Join our Steam group' },
  { name: 'discord', href: '/api/admins/discord', label: 'Discord', text: 'Join our Discord server' },
];

/** `/links`: the community's external links that are set (the server redirects to the set URL). */
export function Links() {
  const meta = useMetaStore((state) => state.meta);
  if (!meta) return <LoadingState what="links" />;
  const shown = LINKS.filter((link) => meta.links.includes(link.name));
  if (shown.length === 0) return <EmptyState>This community has not set up any links yet.</EmptyState>;
  return (
    <div className="link-cards">
      {shown.map((link) => (
        <Card key={link.href} title={<a href={link.href}>{link.label}</a>}>
          <p className="muted">{link.text}</p>
        </Card>
      ))}
    </div>
  );
}
