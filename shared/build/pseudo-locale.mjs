// The pseudo-locale (issue 27 item 6): English with every letter accented and ~30 % longer,
// "[Šéŕṽéŕš ··]", made from the compiled English catalogs. Text a visitor sees without the
// accents did not come from a catalog (untranslated), and text cut off at 360 px will be cut off
// in German too. For tests only: e2e/tests/i18n-pseudo.spec.ts swaps it into the page's Lingui
// instance, so nothing of it ships to users and the production build is the one tested.
// Each function is self-contained (no imports, no outer names): the spec sends their source
// into the page.

/** Every ASCII letter of `text` accented ("Servers" -> "Šéŕṽéŕš"); anything else kept. */
export function pseudoText(text) {
  const accented = {
    a: 'á',
    b: 'ƀ',
    c: 'ç',
    d: 'ð',
    e: 'é',
    f: 'ƒ',
    g: 'ĝ',
    h: 'ĥ',
    i: 'í',
    j: 'ĵ',
    k: 'ķ',
    l: 'ĺ',
    m: 'ɱ',
    n: 'ñ',
    o: 'ó',
    p: 'þ',
    q: 'ǫ',
    r: 'ŕ',
    s: 'š',
    t: 'ţ',
    u: 'ú',
    v: 'ṽ',
    w: 'ŵ',
    x: 'ẋ',
    y: 'ý',
    z: 'ž',
    A: 'Á',
    B: 'Ɓ',
    C: 'Ç',
    D: 'Ð',
    E: 'É',
    F: 'Ƒ',
    G: 'Ĝ',
    H: 'Ĥ',
    I: 'Í',
    J: 'Ĵ',
    K: 'Ķ',
    L: 'Ĺ',
    M: 'Ṁ',
    N: 'Ñ',
    O: 'Ó',
    P: 'Þ',
    Q: 'Ǫ',
    R: 'Ŕ',
    S: 'Š',
    T: 'Ţ',
    U: 'Ú',
    V: 'Ṽ',
    W: 'Ŵ',
    X: 'Ẋ',
    Y: 'Ý',
    Z: 'Ž',
  };
  return text.replace(/[A-Za-z]/g, (letter) => accented[letter]);
}

/**
 * A compiled Lingui message (a string, or parts: strings, `[argument]`, `[argument, format]`,
 * `[argument, 'plural' | 'select', { case: parts }]`) in the pseudo-locale: its text accented
 * (arguments and formats kept, plural and select cases accented too), wrapped in brackets and
 * padded by ~30 % of its letters with "·", so a cut-off end shows. `accent` is pseudoText.
 */
export function pseudoMessage(message, accent) {
  let letters = 0;
  const walk = (part) => {
    if (typeof part === 'string') {
      letters += part.replace(/[^A-Za-z]/g, '').length;
      return accent(part);
    }
    // [argument, format?, cases?]: the argument's name and format stay; each case is parts.
    const [name, format, cases] = part;
    if (typeof cases !== 'object' || cases === null) return part;
    const accented = {};
    for (const [key, value] of Object.entries(cases)) accented[key] = Array.isArray(value) ? value.map(walk) : value;
    return [name, format, accented];
  };
  const parts = typeof message === 'string' ? [walk(message)] : message.map(walk);
  const padding = '·'.repeat(Math.max(1, Math.round(letters * 0.3)));
  return ['[', ...parts, ` ${padding}]`];
}
