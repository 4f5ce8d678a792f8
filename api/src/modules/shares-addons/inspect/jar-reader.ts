import type { AddonDetails } from '@outpost/contracts';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import yauzl from 'yauzl';
import { AddonRejectedError, assertSafeEntryName } from './addon-rejected';

const LIMITS = {
  entries: 50_000,
  /** Sum of the uncompressed sizes the central directory declares. */
  totalUncompressed: 4 * 1024 ** 3,
  /** An entry that expands more than this ratio and past bombBytes is a zip bomb. */
  ratio: 200,
  bombBytes: 16 * 1024 * 1024,
  metadataBytes: 256 * 1024,
};

/** The metadata files we read, in order of preference. */
const METADATA = [
  'plugin.yml',
  'paper-plugin.yml',
  'bungee.yml',
  'fabric.mod.json',
  'quilt.mod.json',
  'META-INF/mods.toml',
  'META-INF/neoforge.mods.toml',
];

const malformed = (why: string) => new AddonRejectedError('ADDON_MALFORMED', `The jar file is malformed: ${why}`);

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // strictFileNames refuses backslashes; yauzl itself refuses absolute and '..' names, and
    // validateEntrySizes stops a stream that yields more or fewer bytes than declared.
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > LIMITS.metadataBytes)
          stream.destroy(new AddonRejectedError('ADDON_ZIP_BOMB', `${entry.fileName} expands past its declared size`));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Every entry (checked) and the metadata files' contents, or an AddonRejectedError. */
async function scanJar(path: string): Promise<{ count: number; metadata: Map<string, Buffer> }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'unreadable');
  }
  try {
    if (zip.entryCount > LIMITS.entries) {
      throw new AddonRejectedError(
        'ADDON_TOO_MANY_ENTRIES',
        `The jar holds ${zip.entryCount} entries (at most ${LIMITS.entries})`,
      );
    }
    const wanted: yauzl.Entry[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          assertSafeEntryName(entry.fileName.endsWith('/') ? entry.fileName.slice(0, -1) : entry.fileName);
          declared += entry.uncompressedSize;
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
          if (
            declared > LIMITS.totalUncompressed ||
            (entry.uncompressedSize > LIMITS.bombBytes && ratio > LIMITS.ratio)
          ) {
            throw new AddonRejectedError(
              'ADDON_ZIP_BOMB',
              'The jar expands to far more than its own size (a zip bomb)',
            );
          }
          if (METADATA.includes(entry.fileName)) {
            if (entry.uncompressedSize > LIMITS.metadataBytes) throw malformed(`${entry.fileName} is too large`);
            wanted.push(entry);
          }
          zip.readEntry();
        } catch (error) {
          reject(error);
        }
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) =>
        reject(
          /invalid relative path|absolute path|invalid characters/i.test(error.message)
            ? new AddonRejectedError(
                'ADDON_UNSAFE_ENTRY_NAME',
                `The archive holds an unsafe entry name (${error.message})`,
              )
            : malformed(error.message),
        ),
      );
      zip.readEntry();
    });
    const metadata = new Map<string, Buffer>();
    for (const entry of wanted) {
      try {
        metadata.set(entry.fileName, await readEntry(zip, entry));
      } catch (error) {
        if (error instanceof AddonRejectedError) throw error;
        throw malformed(`${entry.fileName}: ${error instanceof Error ? error.message : 'unreadable'}`);
      }
    }
    return { count: zip.entryCount, metadata };
  } finally {
    zip.close();
  }
}

const text = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 2000);
  if (typeof value === 'number') return String(value);
  return null;
};
const people = (value: unknown): string | null => {
  if (Array.isArray(value)) {
    const names = value
      .map((person) => text(typeof person === 'object' && person ? (person as { name?: unknown }).name : person))
      .filter(Boolean);
    return names.length ? names.join(', ').slice(0, 2000) : null;
  }
  return text(value);
};

/** A jar's details from plugin.yml (Bukkit/Paper/Bungee), fabric.mod.json (Fabric/Quilt) or mods.toml (Forge/NeoForge). */
export async function inspectJar(path: string): Promise<AddonDetails> {
  const { count, metadata } = await scanJar(path);
  const details: AddonDetails = {
    kind: 'jar',
    title: null,
    author: null,
    version: null,
    description: null,
    maps: [],
    fileCount: count,
    metadataFile: null,
    vpkVersion: null,
  };
  const file = METADATA.find((name) => metadata.has(name));
  if (!file) return details;
  const content = (metadata.get(file) as Buffer).toString('utf8');
  let fields: Record<string, unknown>;
  try {
    if (file.endsWith('.yml')) {
      // maxAliasCount stops "billion laughs" alias expansion.
      const parsed = parseYaml(content, { maxAliasCount: 50 });
      fields = typeof parsed === 'object' && parsed ? (parsed as Record<string, unknown>) : {};
      fields = { ...fields, author: fields.author ?? fields.authors };
    } else if (file.endsWith('.json')) {
      const parsed = JSON.parse(content) as Record<string, unknown>;
      const quilt = (parsed.quilt_loader as Record<string, unknown> | undefined)?.metadata as
        | Record<string, unknown>
        | undefined;
      fields = quilt
        ? {
            name: quilt.name,
            version: (parsed.quilt_loader as Record<string, unknown>).version,
            author: quilt.contributors ? Object.keys(quilt.contributors as object) : null,
            description: quilt.description,
          }
        : {
            name: parsed.name ?? parsed.id,
            version: parsed.version,
            author: parsed.authors,
            description: parsed.description,
          };
    } else {
      const parsed = parseToml(content) as Record<string, unknown>;
      const mod = (Array.isArray(parsed.mods) ? parsed.mods[0] : {}) as Record<string, unknown>;
      fields = {
        name: mod.displayName ?? mod.modId,
        version: mod.version,
        author: mod.authors ?? parsed.authors,
        description: mod.description,
      };
    }
  } catch (error) {
    throw malformed(`${file} cannot be read (${error instanceof Error ? error.message.split('\n')[0] : 'syntax'})`);
  }
  return {
    ...details,
    title: text(fields.name),
    author: people(fields.author),
    version: text(fields.version),
    description: text(fields.description),
    metadataFile: file,
  };
}
