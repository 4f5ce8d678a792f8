import { describe, expect, it } from 'vitest';
import {
  connectCommand,
  createLobbyCommand,
  minecraftAddress,
  playerCount,
  shownTags,
  steamJoinUrl,
} from './server-display';

const server = { host: 'coop.example.org', port: 27016 };

describe('server display helpers', () => {
  it('builds the connect command and the Steam join URL from host:port', () => {
    expect(connectCommand(server)).toBe('connect coop.example.org:27016');
    expect(steamJoinUrl(server)).toBe('steam://connect/coop.example.org:27016');
  });

  it('gives a lobby command only for Left 4 Dead 2', () => {
    expect(createLobbyCommand('l4d2', server)).toBe('mm_dedicated_force_servers coop.example.org:27016');
    expect(createLobbyCommand('tf2', server)).toBeNull();
    expect(createLobbyCommand('minecraft', server)).toBeNull();
  });

  it('leaves out the default Minecraft port', () => {
    expect(minecraftAddress({ host: 'mc.example.org', port: 25565 })).toBe('mc.example.org');
    expect(minecraftAddress({ host: 'mc.example.org', port: 25570 })).toBe('mc.example.org:25570');
  });

  it("shows '5+' and 'customs' as 'Custom Maps', and no other tag", () => {
    expect(shownTags(['customs', 'internal', '5+'])).toEqual(['servers-overview.tag.customs', '5+']);
  });

  it('counts players against the maximum, or says nothing without data', () => {
    expect(
      playerCount({ status: { data: { players: [{ name: 'a' }], maxplayers: 8, map: null }, updatedAt: 1 } }),
    ).toBe('1/8');
    expect(playerCount({ status: { data: null, updatedAt: null } })).toBe('-');
  });
});
