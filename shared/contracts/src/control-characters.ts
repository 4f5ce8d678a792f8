/**
 * Whether text holds a C0 control character (tab, newline, carriage return, NUL, ...) or
 * DEL: never allowed in a return path (browsers drop some of them) nor in any value
 * written to a generated file (a newline there starts a new entry).
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
