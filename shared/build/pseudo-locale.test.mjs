import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pseudoMessage, pseudoText } from './pseudo-locale.mjs';

const { compileMessageOrThrow } = createRequire(import.meta.url)('@lingui/message-utils/compileMessage');
// Lingui as the pages run it: the host package's copy (this package does not depend on it).
const { i18n } = await import(createRequire(new URL('../host/package.json', import.meta.url)).resolve('@lingui/core'));
const pseudo = (message) => pseudoMessage(compileMessageOrThrow(message), pseudoText);

/** What Lingui draws from a compiled message with these values (the runtime the pages use). */
function draw(compiled, values = {}) {
  i18n.load('en', { m: compiled });
  i18n.activate('en');
  return i18n._('m', values);
}

describe('the pseudo-locale', () => {
  it('accents every ASCII letter and keeps digits, punctuation and other scripts', () => {
    expect(pseudoText('Servers: 12/24, Игроки')).toBe('Šéŕṽéŕš: 12/24, Игроки');
    expect(pseudoText('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')).not.toMatch(/[A-Za-z]/);
  });

  it('wraps a message in brackets, ~30 % longer', () => {
    expect(draw(pseudo('Servers'))).toBe('[Šéŕṽéŕš ··]');
    const long = draw(pseudo('Nobody has joined this server in the last thirty days'));
    expect(long.startsWith('[Ñóƀóðý')).toBe(true);
    expect(long.length / 'Nobody has joined this server in the last thirty days'.length).toBeGreaterThan(1.2);
  });

  it('keeps arguments as they are: data is not accented, only the words around it', () => {
    expect(draw(pseudo('Kick {name} from {server}?'), { name: 'Ellis', server: 'Left 4 Dead 2 #1' })).toBe(
      '[Ķíçķ Ellis ƒŕóɱ Left 4 Dead 2 #1? ··]',
    );
  });

  it('accents every case of a plural or select, and the plural count still shows', () => {
    const bans = pseudo('{count, plural, one {# ban} other {# bans}}');
    expect(draw(bans, { count: 1 })).toBe('[1 ƀáñ ··]');
    expect(draw(bans, { count: 3 })).toBe('[3 ƀáñš ··]');
    expect(draw(pseudo('{kind, select, ban {Ban} other {Note}}'), { kind: 'note' })).toBe('[Ñóţé ··]');
  });
});
