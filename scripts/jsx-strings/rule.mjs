// Issue 27 item 6: user-visible words written into JSX instead of coming from a catalog.
// Reads the real syntax tree (oxc's parser, which the toolchain already carries through
// Vite's rolldown: TypeScript 7 has no JS API and nothing else parses TSX here), so comments,
// strings in props that nobody sees (className, data-*, keys) and code are never mistaken
// for text.
import { createRequire } from 'node:module';

// rolldown is not a direct dependency of the workspace root: reach it the way Vitest does
// (vitest -> vite -> rolldown), so the lint installs nothing of its own.
const fromVitest = createRequire(createRequire(import.meta.url).resolve('vitest/package.json'));
const fromVite = createRequire(fromVitest.resolve('vite/package.json'));
const { parseAst } = await import(fromVite.resolve('rolldown/parseAst'));

/** Attributes a visitor reads or hears (screen readers read aria-label and alt). */
export const TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label']);

/** Elements whose text is code or a key to press, the same in every language. */
const CODE_ELEMENTS = new Set(['code', 'kbd', 'samp', 'pre', 'var']);

/**
 * Proper nouns and product names every locale writes the same way (game and platform names,
 * the protocols server owners type). Words only: a sentence around them still needs a catalog.
 */
export const PROPER_NOUNS = new Set([
  'Outpost',
  'Steam',
  'SteamID',
  'SteamID64',
  'Discord',
  'RCON',
  'SourceMod',
  'SourceBans',
  'SourceBans++',
  'Pterodactyl',
  'Pelican',
  'MetaMod',
  'Metamod',
  'GitHub',
  'TF2',
  'CS2',
  'Minecraft',
  'CS:GO',
  'L4D2',
  'A2S',
  'JSON',
  'CSV',
  'URL',
  'API',
  'IP',
  'ID',
  'UTC',
  'OK',
]);

const ENTITY = /&(?:[a-z]+|#\d+|#x[\da-f]+);/gi;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_:+.'’-]*/gu;
const LETTER = /\p{L}/u;

/**
 * Whether a piece of text has a word a visitor would need in their own language: letters that
 * are neither an allowed proper noun nor code (sm_kick, mp_timelimit: identifiers with `_`;
 * chat commands after a slash or an exclamation mark; a lone URL, path or glob).
 */
export function needsTranslation(text, nouns = PROPER_NOUNS) {
  const plain = text.replace(ENTITY, ' ');
  // One token with URL, path, glob or address characters is an example value or code
  // ("https://", "*aimbot*", "key@sentry.example.org"), not a word.
  const token = plain.trim();
  if (!/\s/.test(token) && /[*/=@_]|\w:\w/.test(token)) return false;
  for (const match of plain.matchAll(WORD)) {
    const word = match[0].replace(/[.:'’-]+$/, '');
    if (!LETTER.test(word)) continue;
    if (nouns.has(word)) continue;
    if (word.includes('_')) continue;
    const before = plain[match.index - 1];
    if (before === '/' || before === '!' || before === '@' || before === '#' || before === '.') continue;
    return true;
  }
  return false;
}

function lineOf(source, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The string literals an expression can render as text: itself, both arms of a ternary, the
 * fallback of `a ?? 'x'` / `a || 'x'`, what `a && 'x'` yields, and the fixed parts of a
 * template. Not the arguments of calls (t('key'), cx('class')) nor the test of a condition.
 */
function* renderedStrings(node) {
  if (!node) return;
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') yield { text: node.value, start: node.start };
      return;
    case 'TemplateLiteral':
      for (const quasi of node.quasis) yield { text: quasi.value.cooked ?? quasi.value.raw, start: quasi.start };
      return;
    case 'ConditionalExpression':
      yield* renderedStrings(node.consequent);
      yield* renderedStrings(node.alternate);
      return;
    case 'LogicalExpression':
      if (node.operator !== '&&') yield* renderedStrings(node.left);
      yield* renderedStrings(node.right);
      return;
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      yield* renderedStrings(node.expression);
      return;
    default:
      return;
  }
}

function elementName(name) {
  if (!name) return '';
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return `${elementName(name.object)}.${name.property.name}`;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return '';
}

/**
 * Every user-visible literal in a TSX/JSX source: `{ line, excerpt }` for JSX text with words,
 * string literals rendered as children, and literal text attributes (TEXT_ATTRIBUTES).
 */
export function findJsxStrings(source, file = 'file.tsx', nouns = PROPER_NOUNS) {
  const lang = /\.jsx?$/.test(file) ? 'jsx' : 'tsx';
  const program = parseAst(source, { lang, sourceType: 'module' }, file);
  const hits = [];
  const report = (text, start) => {
    if (!needsTranslation(text, nouns)) return;
    hits.push({ line: lineOf(source, start), excerpt: text.trim().replace(/\s+/g, ' ').slice(0, 60) });
  };

  const visit = (node, inCode) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, inCode);
      return;
    }
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') return;
    if (node.type === 'JSXElement') {
      const name = elementName(node.openingElement.name);
      for (const attribute of node.openingElement.attributes) {
        if (attribute.type !== 'JSXAttribute') {
          visit(attribute, inCode);
          continue;
        }
        const attributeName = elementName(attribute.name);
        const value = attribute.value;
        if (TEXT_ATTRIBUTES.has(attributeName) && value) {
          const expression = value.type === 'JSXExpressionContainer' ? value.expression : value;
          for (const found of renderedStrings(expression)) report(found.text, found.start);
        }
        if (value) visit(value, inCode);
      }
      const code = inCode || CODE_ELEMENTS.has(name);
      visitChildren(node.children, code);
      return;
    }
    if (node.type === 'JSXFragment') {
      visitChildren(node.children, inCode);
      return;
    }
    for (const key of Object.keys(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const child = node[key];
      if (child && typeof child === 'object') visit(child, inCode);
    }
  };

  const visitChildren = (children, inCode) => {
    for (const child of children) {
      if (child.type === 'JSXText') {
        if (!inCode) report(child.value, child.start + (child.value.length - child.value.trimStart().length));
      } else if (child.type === 'JSXExpressionContainer') {
        if (!inCode) for (const found of renderedStrings(child.expression)) report(found.text, found.start);
        visit(child.expression, inCode);
      } else {
        visit(child, inCode);
      }
    }
  };

  visit(program, false);
  return hits;
}
