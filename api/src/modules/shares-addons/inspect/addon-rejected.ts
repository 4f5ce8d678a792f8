/** A file that is not a well-formed addon of an allowed type: a 4xx with this code; nothing is stored. */
export class AddonRejectedError extends Error {
  override name = 'AddonRejectedError';
  constructor(
    readonly code:
      | 'ADDON_TYPE_NOT_ALLOWED'
      | 'ADDON_TRUNCATED'
      | 'ADDON_MALFORMED'
      | 'ADDON_TOO_MANY_ENTRIES'
      | 'ADDON_UNSAFE_ENTRY_NAME'
      | 'ADDON_ZIP_BOMB',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one rule for names inside an archive (VPK tree paths, jar entries): relative, forward
 * slashes, no '.' or '..' segment, no drive letters or control characters. A name that fails
 * it refuses the whole file, because a server unpacking it could write outside its folder.
 */
export function assertSafeEntryName(name: string): void {
  const unsafe =
    name.length === 0 ||
    name.length > 1024 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[A-Za-z]:/.test(name) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    /[\u0000-\u001f\u007f]/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.');
  if (unsafe)
    throw new AddonRejectedError(
      'ADDON_UNSAFE_ENTRY_NAME',
      `The archive holds an unsafe entry name: ${JSON.stringify(name.slice(0, 200))}`,
    );
}
