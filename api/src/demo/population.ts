// The simulated players of the demo: made-up names, SteamIDs and private addresses.

export interface SimPlayer {
  steamid: string;
  name: string;
  ip: string;
}

const SOURCE_NAMES = `Zoey, Francis, Louis, Bill, Coach, Ellis, Nick, Rochelle, Heavy Weapons Guy, Scout Main, MedicMedic,
  Pyro Enjoyer, Spy Check, Engie Nest, Demoknight, Sniper Dave, flick_shot, eco_round, awp_god, Rush B, Clutch Queen,
  Defuse Kit, Tank Buster, Witch Startler, Boomer Bile, Jockey Rider, Smoker Joe, Charger Chad, Hunter Pounce,
  Spitter Sue, Gnome Chompski, Cedar Mint, Lucky Strike, Night Owl, Sticky Jumper, Ubercharged, Pan Handler, Molly Toss`;

const MINECRAFT_NAMES = `Steve, Alex, Creeper Hugger, Diamond Digger, Redstone Rita, Nether Ned, Ender Emma, Pixel Pete,
  Block Party, Sheep Shearer, Lava Larry, Torch Tina`;

/** Account ids from 1001 up in the individual range: ids no demo account uses. */
export const SIM_STEAMID_BASE = 76561197960266728n;

function toPlayers(names: string, offset: number): SimPlayer[] {
  return names
    .split(',')
    .map((name) => name.trim())
    .map((name, index) => ({
      steamid: String(SIM_STEAMID_BASE + BigInt(offset + index)),
      name,
      ip: `10.20.${Math.floor((offset + index) / 200)}.${((offset + index) % 200) + 20}`,
    }));
}

/** The players of the Source servers (checked and logged through the plugin API). */
export function simulatedPopulation(): SimPlayer[] {
  return toPlayers(SOURCE_NAMES, 0);
}

/** Minecraft's own players: the Minecraft server runs no plugin, so it keeps to itself. */
export function minecraftPopulation(): SimPlayer[] {
  return toPlayers(MINECRAFT_NAMES, 500);
}

export const CHAT_LINES = [
  'gg',
  'anyone up for versus after this?',
  'lol',
  'nice shot!',
  'who has the adrenaline',
  'rush or hold?',
  'brb',
  'one more map',
  'ty for the heal',
  'wp everyone',
  'need a medic here',
  'that tank came out of nowhere',
  'which server is the customs one?',
  'this map is my favourite',
  'ez',
  'ok who left the door open',
];
