import { HttpError } from '../../lib/http-error';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._()+-]{0,127}$/;

/**
 * The one rule for an addon's file name (uploads, Workshop items): a plain name of at most 128
 * characters, letters, digits, space, '.', '_', '-', '(', ')', '+', no '..', no folders. Names are
 * refused, never "cleaned", so what the admin sees is what the game server gets. Storage keys
 * never use this name (they are generated ids), so even a name that slipped past could not
 * reach the filesystem.
 */
export function assertAddonFileName(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..') || name.endsWith('.') || name.endsWith(' ')) {
    throw new HttpError(
      400,
      'INVALID_FILE_NAME',
      `The file name ${JSON.stringify(name.slice(0, 200))} is not allowed: use letters, digits, spaces, '.', '_', '-', '(', ')' or '+' (at most 128 characters, no folders)`,
    );
  }
}
