// A process full of fake A2S servers for the bench: `tsx fake-game-fleet.ts 1000` binds that
// many on loopback, prints their ports as one JSON line, and serves until stdin closes.
import { startA2sServer } from '../../protocols/servers/a2s-server';

const count = Number(process.argv[2] ?? 1000);
const maps = ['c1m1_hotel', 'c2m1_highway', 'ctf_2fort', 'de_dust2', 'cp_badlands'];
const servers = [];
for (let i = 0; i < count; i++) {
  servers.push(
    await startA2sServer({
      name: `Fleet server ${i}`,
      map: maps[i % maps.length] as string,
      maxplayers: 24,
      players: Array.from({ length: i % 25 }, (_, n) => ({ name: `Player ${i}-${n}`, score: n })),
      // Every tenth server answers its player list in several packets.
      splitSize: i % 10 === 0 ? 300 : 0,
    }),
  );
}
process.stdout.write(`${JSON.stringify(servers.map((server) => server.port))}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
