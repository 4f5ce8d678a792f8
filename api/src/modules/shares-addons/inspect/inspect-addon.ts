import fs from 'node:fs';
import { type AddonDetails, type Game, gameFamily } from '@outpost/contracts';
import { AddonRejectedError } from './addon-rejected';
import { inspectJar } from './jar-reader';
import { inspectVpk, VPK_SIGNATURE } from './vpk-reader';

const ZIP_SIGNATURE = 0x04034b50;

/** The file types each game family takes: extension and, more importantly, content. */
export const ADDON_TYPES = {
  source: { extension: '.vpk', label: 'VPK (.vpk)' },
  minecraft: { extension: '.jar', label: 'plugin or mod (.jar)' },
} as const;

/**
 * The game's allow-list decided on the file's first bytes as well as its name, then the
 * addon's details read from the file. Throws AddonRejectedError for anything else.
 */
export async function inspectAddon(path: string, fileName: string, game: Game): Promise<AddonDetails> {
  const family = gameFamily(game);
  const allowed = ADDON_TYPES[family];
  if (!fileName.toLowerCase().endsWith(allowed.extension)) {
    throw new AddonRejectedError('ADDON_TYPE_NOT_ALLOWED', `Shares for ${game} take only ${allowed.label} files`);
  }
  const handle = await fs.promises.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    const magic = size >= 4 ? head.readUInt32LE(0) : -1;
    if (family === 'source') {
      if (magic !== VPK_SIGNATURE)
        throw new AddonRejectedError(
          'ADDON_TYPE_NOT_ALLOWED',
          `${fileName} is not a VPK file (its content says otherwise)`,
        );
      return await inspectVpk(handle, size);
    }
    if (magic !== ZIP_SIGNATURE)
      throw new AddonRejectedError(
        'ADDON_TYPE_NOT_ALLOWED',
        `${fileName} is not a jar file (its content says otherwise)`,
      );
  } finally {
    await handle.close();
  }
  return inspectJar(path);
}
