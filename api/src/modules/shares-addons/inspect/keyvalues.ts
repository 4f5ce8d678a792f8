/**
 * Reads the flat string pairs of a Valve KeyValues text (addoninfo.txt) at any depth, keys
 * lower-cased; the first value of a key wins. Tolerant of the variations addon authors write
 * (quoted or bare tokens, // comments, missing braces) and bounded in size and depth.
 */
export function readKeyValues(text: string, maxPairs = 500): Map<string, string> {
  const tokens: string[] = [];
  const pattern = /\/\/[^\n]*|"((?:[^"\\]|\\.)*)"|([{}])|([^\s{}"]+)/g;
  for (let match = pattern.exec(text); match && tokens.length < maxPairs * 4; match = pattern.exec(text)) {
    if (match[0].startsWith('//')) continue;
    if (match[1] !== undefined)
      tokens.push(`s${match[1].replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c))}`);
    else if (match[2] !== undefined) tokens.push(match[2]);
    else if (match[3] !== undefined) tokens.push(`s${match[3]}`);
  }
  const pairs = new Map<string, string>();
  for (let i = 0; i < tokens.length - 1; i++) {
    const key = tokens[i] as string;
    const value = tokens[i + 1] as string;
    if (key.startsWith('s') && value.startsWith('s')) {
      const name = key.slice(1).toLowerCase();
      if (!pairs.has(name)) pairs.set(name, value.slice(1));
      i++;
    }
  }
  return pairs;
}
