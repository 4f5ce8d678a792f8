// Draws shell/public/img/providers/steam.png (64x64 RGBA) from the same shapes as steam.svg,
// with plain zlib: no image library. Run: node shell/scripts/draw-steam-png.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 64;
const pixels = Buffer.alloc(SIZE * SIZE * 4);
const BG = [0x1b, 0x28, 0x38];
const FG = [0xff, 0xff, 0xff];

function coverage(test, x, y) {
  // 4x4 supersampling for smooth edges.
  let hits = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (test(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) hits++;
  return hits / 16;
}
const disc = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
function segment(ax, ay, bx, by, w) {
  return (x, y) => {
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= w / 2;
  };
}
const mark = [
  ring(41, 24, 9, 4),
  disc(41, 24, 3.5),
  segment(8, 38, 22, 44, 5),
  ring(24, 43, 6, 3.5),
  segment(28, 40, 36, 31, 4),
];
const hole = disc(24, 43, 4.25);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const alpha = coverage(disc(32, 32, 30), x, y);
    const fg = coverage((px, py) => mark.some((shape) => shape(px, py)) && !(hole(px, py) && !mark[3](px, py)), x, y);
    const offset = (y * SIZE + x) * 4;
    for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(BG[c] + (FG[c] - BG[c]) * fg);
    pixels[offset + 3] = Math.round(255 * Math.max(alpha, fg * alpha));
  }
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = new URL('../public/img/providers/steam.png', import.meta.url);
writeFileSync(target, png);
console.log(`wrote ${target.pathname} (${png.length} bytes)`);
