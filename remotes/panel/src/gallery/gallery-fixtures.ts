// The gallery's data: fixed, so its screenshots hold still (no clock, no API).

/** "Now" for every relative time in the gallery: 2026-11-28 12:00 UTC. */
export const GALLERY_NOW = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
const at = (secondsAgo: number) => GALLERY_NOW.getTime() / 1000 - secondsAgo;

export interface SampleServer {
  id: number;
  name: string;
  map: string;
  players: string;
  address: string;
  status: 'server.players' | 'server.empty' | 'server.no-data' | 'server.offline';
  seen: number;
}

export const SAMPLE_SERVERS: SampleServer[] = [
  {
    id: 1,
    name: 'Dust II 24/7',
    map: 'de_dust2',
    players: '18 / 24',
    address: '203.0.113.10:27015',
    status: 'server.players',
    seen: at(30),
  },
  {
    id: 2,
    name: 'Surf Beginners',
    map: 'surf_utopia_v3',
    players: '0 / 32',
    address: '203.0.113.11:27016',
    status: 'server.empty',
    seen: at(3 * 3600),
  },
  {
    id: 3,
    name: 'Retakes EU',
    map: '—',
    players: '—',
    address: '203.0.113.12:27015',
    status: 'server.offline',
    seen: at(9 * 86400),
  },
];

export const SAMPLE_PLAYER = [
  { term: 'Name', value: 'Zoey Moss' },
  { term: 'Steam ID', value: 'STEAM_0:1:12345678' },
  { term: 'Steam ID 64', value: '76561197984957085' },
  { term: 'First seen', key: 'first', seconds: at(400 * 86400) },
  { term: 'Last seen', key: 'last', seconds: at(2 * 3600) },
  { term: 'Country', value: null },
] as const;

/** A spread of ages for the relative-time specimens (SPEC 9 strings). */
export const SAMPLE_AGES = [
  2,
  42,
  90,
  25 * 60,
  80 * 60,
  5 * 3600,
  30 * 3600,
  3 * 86400,
  15 * 86400,
  70 * 86400,
  800 * 86400,
].map(at);
