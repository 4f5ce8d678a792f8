import { deflateRawSync, inflateRawSync } from 'node:zlib';

// A server-day of one bucket size (1440 minutes or 96 quarter-hours) packed into one value
// (issue 28's growth budget): a row per bucket cost more in keys and row headers than its figures,
// so a day's buckets sit in slots of one row. Column by column (samples, answered, counted, min,
// max - min, sum - counted * min, max players), each value as the change from the slot before
// (zigzag varint), then deflated: a population moves by a player or two a minute, so most changes
// are 0 or ±1 and the day shrinks to a few bytes a slot.

/**
 * A bucket's figures, as server_history's columns name them (after server_id, bucket_seconds and
 * at): what every reader and the packing select, and the order HistoryBucket lists them in.
 */
export const BUCKET_FIGURES = [
  'samples',
  'online_samples',
  'player_samples',
  'players_sum',
  'players_min',
  'players_max',
  'max_players',
] as const;

export interface HistoryBucket {
  at: number;
  samples: number;
  online_samples: number;
  player_samples: number;
  players_sum: number;
  players_min: number | null;
  players_max: number | null;
  max_players: number | null;
}

/** First byte of a packed day: the layout above. A later layout gets a new number. */
const FORMAT = 1;
const COLUMNS = 7;

/** Two buckets of the same span as one (samples and sums add, min/max widen, the later max players wins). */
export function mergeBuckets(earlier: HistoryBucket, later: HistoryBucket): HistoryBucket {
  const pick = (a: number | null, b: number | null, better: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : better(a, b);
  return {
    at: earlier.at,
    samples: earlier.samples + later.samples,
    online_samples: earlier.online_samples + later.online_samples,
    player_samples: earlier.player_samples + later.player_samples,
    players_sum: earlier.players_sum + later.players_sum,
    players_min: pick(earlier.players_min, later.players_min, Math.min),
    players_max: pick(earlier.players_max, later.players_max, Math.max),
    max_players: later.max_players ?? earlier.max_players,
  };
}

// Nullable figures are stored as value + 1 (0: none).
const orNone = (value: number | null) => (value === null ? 0 : value + 1);
const fromNone = (stored: number) => (stored === 0 ? null : stored - 1);

/** Column `column` of a slot (see the top), 0 for a slot never polled. */
function columnOf(bucket: HistoryBucket | undefined, column: number): number {
  if (!bucket || bucket.samples === 0) return 0;
  const min = bucket.players_min ?? 0;
  switch (column) {
    case 0:
      return bucket.samples;
    case 1:
      return bucket.online_samples;
    case 2:
      return bucket.player_samples;
    case 3:
      return orNone(bucket.players_min);
    case 4:
      return bucket.players_max === null ? 0 : bucket.players_max - min + 1;
    case 5:
      return bucket.players_sum - bucket.player_samples * min;
    default:
      return orNone(bucket.max_players);
  }
}

/** Writes `value` zigzag varint-coded at `offset`; answers the offset after it. */
function writeVarint(out: Uint8Array, offset: number, value: number): number {
  // Zigzag without bit operators: sums pass 2^31 on a busy day.
  let rest = value >= 0 ? value * 2 : -value * 2 - 1;
  let at = offset;
  while (rest >= 128) {
    out[at++] = (rest % 128) + 128;
    rest = Math.floor(rest / 128);
  }
  out[at++] = rest;
  return at;
}

// A varint of a JavaScript integer takes at most 8 bytes.
const VARINT_MAX = 8;

/** The day starting at `day` of `seconds`-long buckets, packed; buckets outside the day are an error. */
export function packDay(day: number, seconds: number, buckets: readonly HistoryBucket[]): Buffer {
  const slots = 86_400 / seconds;
  const bySlot = new Map<number, HistoryBucket>();
  for (const bucket of buckets) {
    const slot = (bucket.at - day) / seconds;
    if (!Number.isInteger(slot) || slot < 0 || slot >= slots)
      throw new Error(`bucket ${bucket.at} is not in day ${day}`);
    const held = bySlot.get(slot);
    bySlot.set(slot, held ? mergeBuckets(held, bucket) : bucket);
  }
  const ordered = Array.from({ length: slots }, (_, slot) => bySlot.get(slot));
  const bytes = new Uint8Array((1 + slots * COLUMNS) * VARINT_MAX);
  let length = writeVarint(bytes, 0, slots);
  for (let column = 0; column < COLUMNS; column += 1) {
    let previous = 0;
    for (const bucket of ordered) {
      const value = columnOf(bucket, column);
      length = writeVarint(bytes, length, value - previous);
      previous = value;
    }
  }
  // Level 6: level 9 gains a few bytes a day for several times the time, in every packing sweep.
  return Buffer.concat([Buffer.of(FORMAT), deflateRawSync(bytes.subarray(0, length), { level: 6 })]);
}

/** The buckets a packed day holds (slots never polled left out), oldest first. */
export function unpackDay(day: number, seconds: number, packed: Uint8Array): HistoryBucket[] {
  if (packed[0] !== FORMAT) throw new Error(`unknown packed history format ${packed[0]}`);
  const bytes = inflateRawSync(packed.subarray(1));
  let offset = 0;
  const read = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[offset++];
      if (byte === undefined) throw new Error('packed history ends early');
      value += (byte % 128) * scale;
      if (byte < 128) break;
      scale *= 128;
    }
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  };
  const slots = read();
  if (slots !== 86_400 / seconds) throw new Error(`packed history holds ${slots} slots, not ${86_400 / seconds}`);
  const columns: number[][] = [];
  for (let column = 0; column < COLUMNS; column += 1) {
    const values: number[] = [];
    let previous = 0;
    for (let slot = 0; slot < slots; slot += 1) {
      previous += read();
      values.push(previous);
    }
    columns.push(values);
  }
  const [samples, online, counted, min, spread, extra, maxPlayers] = columns as [
    number[],
    number[],
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const buckets: HistoryBucket[] = [];
  for (let slot = 0; slot < slots; slot += 1) {
    if ((samples[slot] as number) === 0) continue;
    const low = fromNone(min[slot] as number);
    const width = spread[slot] as number;
    buckets.push({
      at: day + slot * seconds,
      samples: samples[slot] as number,
      online_samples: online[slot] as number,
      player_samples: counted[slot] as number,
      players_sum: (extra[slot] as number) + (counted[slot] as number) * (low ?? 0),
      players_min: low,
      players_max: width === 0 ? null : (low ?? 0) + width - 1,
      max_players: fromNone(maxPlayers[slot] as number),
    });
  }
  return buckets;
}
