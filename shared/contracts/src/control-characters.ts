/**
 * Whether text holds a character some reader takes as a line break or control: the C0
 * controls (tab, newline, carriage return, NUL, ...), DEL, the C1 controls (NEL, U+0085,
 * among them) and the Unicode line and paragraph separators (U+2028, U+2029). Never
 * allowed in a return path (browsers drop some of them) nor in any value written to a
 * generated file (a line break there starts a new entry for whatever reads the file).
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** Whether every character is printable ASCII (space to tilde). */
export function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
