const LINKS = [
  { href: '/api/links/stats', label: 'Stats', text: 'Player statistics' },
  { href: '/api/links/extended-stats', label: 'Extended Stats', text: 'Extended player statistics' },
  { href: '/api/links/steam-group', label: 'Steam Group', text: 'Join our Steam group' },
  { href: '/api/admins/discord', label: 'Discord', text: 'Join our Discord server' },
];

/** `/links`: where each of the community's external links goes (the server redirects to the set URL). */
export function Links() {
  return (
    <ul className="admin-sections">
      {LINKS.map((link) => (
        <li key={link.href} className="card">
          <a href={link.href}>{link.label}</a>
          <p className="muted">{link.text}</p>
        </li>
      ))}
    </ul>
  );
}
