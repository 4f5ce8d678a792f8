import zlib from 'node:zlib';

// Addon files built by the tests themselves: well-formed VPKs (v1, v2) and jars, and hostile ones.

export interface VpkFile {
  /** Path inside the VPK, e.g. 'maps/c1m1_custom.bsp' or 'addoninfo.txt'. */
  path: string;
  data: Buffer | string;
  /** Bytes kept in the tree as preload instead of the data section. */
  preload?: number;
}

export interface VpkOptions {
  version?: 1 | 2;
  /** Hostile shapes. */
  hostile?: {
    /** Claim this many bytes of tree. */
    treeSize?: number;
    /** Point the first entry's data this far past the data section. */
    offsetPastEnd?: boolean;
    /** Drop the final tree terminators (strings without an end). */
    noTerminators?: boolean;
    /** Store an entry in an external _000.vpk. */
    splitArchive?: boolean;
  };
}

/** A single-file VPK (archive index 0x7fff) with its directory tree and data section. */
export function buildVpk(files: VpkFile[], options: VpkOptions = {}): Buffer {
  const version = options.version ?? 1;
  const byExtension = new Map<string, Map<string, VpkFile[]>>();
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    const folder = slash < 0 ? ' ' : file.path.slice(0, slash);
    const base = file.path.slice(slash + 1);
    const dot = base.lastIndexOf('.');
    const extension = dot < 0 ? ' ' : base.slice(dot + 1);
    const folders = byExtension.get(extension) ?? new Map<string, VpkFile[]>();
    byExtension.set(extension, folders);
    folders.set(folder, [...(folders.get(folder) ?? []), { ...file, path: dot < 0 ? base : base.slice(0, dot) }]);
  }
  const tree: Buffer[] = [];
  const data: Buffer[] = [];
  let dataOffset = 0;
  const cstr = (text: string) => Buffer.from(`${text}\0`, 'utf8');
  for (const [extension, folders] of byExtension) {
    tree.push(cstr(extension));
    for (const [folder, entries] of folders) {
      tree.push(cstr(folder));
      for (const entry of entries) {
        const bytes = Buffer.from(entry.data);
        const preload = bytes.subarray(0, entry.preload ?? 0);
        const rest = bytes.subarray(preload.length);
        tree.push(cstr(entry.path));
        const record = Buffer.alloc(18);
        record.writeUInt32LE(zlib.crc32(bytes), 0);
        record.writeUInt16LE(preload.length, 4);
        record.writeUInt16LE(options.hostile?.splitArchive ? 0 : 0x7fff, 6);
        record.writeUInt32LE(options.hostile?.offsetPastEnd ? 1_000_000 : dataOffset, 8);
        record.writeUInt32LE(rest.length, 12);
        record.writeUInt16LE(0xffff, 16);
        tree.push(record, preload);
        data.push(rest);
        dataOffset += rest.length;
      }
      tree.push(cstr(''));
    }
    tree.push(cstr(''));
  }
  if (!options.hostile?.noTerminators) tree.push(cstr(''));
  const treeBytes = Buffer.concat(tree);
  const dataBytes = Buffer.concat(data);
  const header = Buffer.alloc(version === 1 ? 12 : 28);
  header.writeUInt32LE(0x55aa1234, 0);
  header.writeUInt32LE(version, 4);
  header.writeUInt32LE(options.hostile?.treeSize ?? treeBytes.length, 8);
  if (version === 2) header.writeUInt32LE(dataBytes.length, 12);
  return Buffer.concat([header, treeBytes, dataBytes]);
}

export function addonInfo(fields: { title?: string; author?: string; version?: string; description?: string }): string {
  return [
    '"AddonInfo"',
    '{',
    '  // written by the test',
    fields.title !== undefined ? `  addonTitle "${fields.title}"` : '',
    fields.author !== undefined ? `  addonAuthor "${fields.author}"` : '',
    fields.version !== undefined ? `  addonVersion ${fields.version}` : '',
    fields.description !== undefined ? `  addonDescription "${fields.description}"` : '',
    '}',
  ].join('\n');
}

/** A campaign addon: addoninfo.txt and two maps. */
export function campaignVpk(title = 'Test Campaign', version: 1 | 2 = 1): Buffer {
  return buildVpk(
    [
      { path: 'addoninfo.txt', data: addonInfo({ title, author: 'Tester', version: '1.2', description: 'Two maps' }) },
      { path: 'maps/c1m1_test.bsp', data: Buffer.alloc(2048, 7), preload: 16 },
      { path: 'maps/c1m2_test.bsp', data: Buffer.alloc(1024, 9) },
      { path: 'materials/test/wall.vmt', data: 'LightmappedGeneric {}' },
    ],
    { version },
  );
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  deflate?: boolean;
  /** Lie about the uncompressed size in the headers (zip-bomb shapes). */
  declaredSize?: number;
}

/** A zip (jar) with local headers, central directory and end record; deflate by zlib. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data);
    const body = entry.deflate ? zlib.deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function bukkitPluginJar(name = 'SpawnGuard'): Buffer {
  return buildZip([
    {
      name: 'plugin.yml',
      data: `name: ${name}\nversion: 2.0.1\nauthors: [alice, bob]\ndescription: Guards spawn\nmain: a.B\n`,
      deflate: true,
    },
    { name: 'a/B.class', data: Buffer.alloc(300, 1), deflate: true },
  ]);
}

/**
 * The header and directory tree of a VPK holding one file of `length` bytes (data not
 * included): send these, then exactly `length` bytes, for a well-formed VPK of any size
 * without holding it in memory.
 */
export function vpkHeadForOneFile(filePath: string, length: number): Buffer {
  const probe = buildVpk([{ path: filePath, data: Buffer.alloc(1) }]);
  const head = probe.subarray(0, probe.length - 1);
  // The entry's length field sits 6 bytes before the end of the tree's last record.
  const copy = Buffer.from(head);
  const recordEnd = copy.length - 3; // three empty-string terminators follow the record
  copy.writeUInt32LE(length, recordEnd - 6);
  return copy;
}
