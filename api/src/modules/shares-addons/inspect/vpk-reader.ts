import type { FileHandle } from 'node:fs/promises';
import type { AddonDetails } from '@outpost/contracts';
import { AddonRejectedError, assertSafeEntryName } from './addon-rejected';
import { readKeyValues } from './keyvalues';

export const VPK_SIGNATURE = 0x55aa1234;
/** Archive index meaning "the data follows the tree in this same file" (every single-file addon). */
const SAME_FILE = 0x7fff;
const LIMITS = {
  treeBytes: 64 * 1024 * 1024,
  entries: 200_000,
  nameBytes: 1024,
  addonInfoBytes: 256 * 1024,
};

export interface VpkEntry {
  path: string;
  preload: Buffer;
  archiveIndex: number;
  offset: number;
  length: number;
}

export interface VpkDirectory {
  version: 1 | 2;
  /** Where the file data section starts (after header and tree). */
  dataStart: number;
  dataEnd: number;
  entries: VpkEntry[];
}

const truncated = (what: string) => new AddonRejectedError('ADDON_TRUNCATED', `The VPK file is truncated (${what})`);
const malformed = (what: string) => new AddonRejectedError('ADDON_MALFORMED', `The VPK file is malformed: ${what}`);

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Reads a VPK directory (versions 1 and 2) with every bound checked: the header against the
 * file size, each string against the tree, counts against limits, every entry's data range
 * against the data section, every path against the entry-name rule. Anything off is an
 * AddonRejectedError; nothing is read outside the file.
 */
export async function readVpkDirectory(handle: FileHandle, fileSize: number): Promise<VpkDirectory> {
  const header = await readAt(handle, 0, 28);
  if (header.length < 12) throw truncated('no header');
  if (header.readUInt32LE(0) !== VPK_SIGNATURE) throw malformed('no VPK signature');
  const version = header.readUInt32LE(4);
  if (version !== 1 && version !== 2) throw malformed(`unsupported version ${version}`);
  if (version === 2 && header.length < 28) throw truncated('no version 2 header');
  const headerSize = version === 1 ? 12 : 28;
  const treeSize = header.readUInt32LE(8);
  if (treeSize > LIMITS.treeBytes)
    throw new AddonRejectedError('ADDON_TOO_MANY_ENTRIES', 'The VPK directory tree is too large');
  const dataStart = headerSize + treeSize;
  if (dataStart > fileSize) throw truncated('the directory tree runs past the end of the file');
  let dataEnd = fileSize;
  if (version === 2) {
    const sections = [12, 16, 20, 24].reduce((sum, at) => sum + header.readUInt32LE(at), 0);
    if (dataStart + sections > fileSize) throw truncated('its sections run past the end of the file');
    dataEnd = dataStart + header.readUInt32LE(12);
  }
  const tree = await readAt(handle, headerSize, treeSize);
  if (tree.length < treeSize) throw truncated('short directory tree');

  let at = 0;
  const readString = (): string => {
    const end = tree.indexOf(0, at);
    if (end < 0) throw truncated('a name has no end');
    if (end - at > LIMITS.nameBytes) throw malformed('a name is too long');
    const text = tree.toString('utf8', at, end);
    at = end + 1;
    return text;
  };
  const entries: VpkEntry[] = [];
  const seen = new Set<string>();
  for (;;) {
    const extension = readString();
    if (extension === '') break;
    for (;;) {
      const folder = readString();
      if (folder === '') break;
      for (;;) {
        const name = readString();
        if (name === '') break;
        if (entries.length >= LIMITS.entries)
          throw new AddonRejectedError('ADDON_TOO_MANY_ENTRIES', `The VPK holds more than ${LIMITS.entries} files`);
        if (at + 18 > tree.length) throw truncated('an entry has no data record');
        const preloadBytes = tree.readUInt16LE(at + 4);
        const archiveIndex = tree.readUInt16LE(at + 6);
        const offset = tree.readUInt32LE(at + 8);
        const length = tree.readUInt32LE(at + 12);
        if (tree.readUInt16LE(at + 16) !== 0xffff) throw malformed('an entry record has no terminator');
        at += 18;
        if (at + preloadBytes > tree.length) throw truncated('preload data runs past the tree');
        const preload = tree.subarray(at, at + preloadBytes);
        at += preloadBytes;
        const file = extension === ' ' ? name : `${name}.${extension}`;
        const path = folder === ' ' ? file : `${folder}/${file}`;
        assertSafeEntryName(path);
        if (seen.has(path)) throw malformed(`the file ${path} is listed twice`);
        seen.add(path);
        if (archiveIndex !== SAME_FILE) {
          throw malformed('it refers to split archive files (_000.vpk); upload a single-file addon');
        }
        if (length > 0 && dataStart + offset + length > dataEnd)
          throw truncated(`the data of ${path} lies past the end`);
        entries.push({ path, preload, archiveIndex, offset, length });
      }
    }
  }
  return { version, dataStart, dataEnd, entries };
}

/** An entry's bytes (preload then data), refused past `maxBytes`. */
export async function readVpkEntry(
  handle: FileHandle,
  directory: VpkDirectory,
  entry: VpkEntry,
  maxBytes: number,
): Promise<Buffer> {
  if (entry.preload.length + entry.length > maxBytes) throw malformed(`${entry.path} is larger than ${maxBytes} bytes`);
  const data =
    entry.length > 0 ? await readAt(handle, directory.dataStart + entry.offset, entry.length) : Buffer.alloc(0);
  if (data.length < entry.length) throw truncated(`short data for ${entry.path}`);
  return Buffer.concat([entry.preload, data]);
}

/** A VPK addon's details: addoninfo.txt (title, author, version, description) and its maps. */
export async function inspectVpk(handle: FileHandle, fileSize: number): Promise<AddonDetails> {
  const directory = await readVpkDirectory(handle, fileSize);
  const maps = directory.entries
    .filter((entry) => /^maps\/[^/]+\.bsp$/i.test(entry.path))
    .map((entry) => entry.path.slice(5, -4))
    .sort((a, b) => a.localeCompare(b));
  const info = directory.entries.find((entry) => entry.path.toLowerCase() === 'addoninfo.txt');
  const pairs = info
    ? readKeyValues((await readVpkEntry(handle, directory, info, LIMITS.addonInfoBytes)).toString('utf8'))
    : new Map<string, string>();
  const field = (name: string) => {
    const value = pairs.get(name)?.trim();
    return value ? value.slice(0, 2000) : null;
  };
  return {
    kind: 'vpk',
    title: field('addontitle'),
    author: field('addonauthor'),
    version: field('addonversion'),
    description: field('addondescription'),
    maps,
    fileCount: directory.entries.length,
    metadataFile: info ? 'addoninfo.txt' : null,
    vpkVersion: directory.version,
  };
}
