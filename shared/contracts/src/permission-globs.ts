/*
 * Permission globs as one exact model, used both to check (hasPermission) and to grant.
 *
 * The grant rule (issue 9, item 2): nobody hands out more than they hold. A permission
 * pattern may be granted only when every code it can ever match is matched by the
 * granter's own patterns. That is decided on the patterns themselves (glob inclusion,
 * L(granted) ⊆ L(held₁) ∪ … ∪ L(heldₙ), over automata), never on sample codes. The
 * checks use the same automata, so what is proven here is what hasPermission answers.
 *
 * The dialect (picomatch's on ordinary codes, property-tested against it):
 *   literal characters (anything but * ? [ ] { } ( ) | + @ $ ^ \ ! , and control characters),
 *   \x (escape), ? (one character), * and ** (any run, '/' included: codes are not paths),
 *   [abc] [a-z] [^a-z] (classes of letters, digits, '_' and '.'),
 *   {a,b,{c,d}*} (two or more non-empty alternatives, possibly nested), and one leading ! (negation).
 * A pattern outside it keeps picomatch's meaning in checks, is never granted by anyone
 * but the superuser, and never counts for its holder when granting (unprovable: refused).
 */

const MAX_GRANTED_PATTERN = 200;
const MAX_PRODUCT_STATES = 20_000;
/** Characters picomatch treats specially somewhere; outside the syntax above they are refused. */
const RESERVED = new Set('*?[]{}()|+@$^\\!,'.split(''));

type CharTest = (code: number) => boolean;
type Item =
  | { kind: 'char'; test: CharTest; points: number[]; ranges: Array<[number, number]> }
  | { kind: 'star' }
  | { kind: 'alt'; options: Item[][] };

interface ParsedGlob {
  items: Item[];
  negated: boolean;
}

class Unsupported extends Error {}

/** Parses the supported subset; throws Unsupported for anything else. */
function parseGlob(pattern: string): ParsedGlob {
  let negated = false;
  let at = 0;
  if (pattern.startsWith('!')) {
    negated = true;
    at = 1;
    if (pattern.length === 1 || pattern[1] === '!' || pattern[1] === '(') throw new Unsupported();
  }
  const parseSequence = (inBraces: boolean): Item[] => {
    const items: Item[] = [];
    while (at < pattern.length) {
      const ch = pattern[at] as string;
      if (inBraces && (ch === ',' || ch === '}')) return items;
      if (ch === '*') {
        while (pattern[at] === '*') at += 1;
        items.push({ kind: 'star' });
      } else if (ch === '?') {
        at += 1;
        items.push({ kind: 'char', test: () => true, points: [], ranges: [] });
      } else if (ch === '\\') {
        const next = pattern[at + 1];
        // Inside braces the matcher's brace expansion reads escapes its own way.
        if (inBraces || next === undefined || isControl(next)) throw new Unsupported();
        at += 2;
        items.push(literal(next));
      } else if (ch === '[') {
        items.push(parseClass());
      } else if (ch === '{') {
        at += 1;
        const options: Item[][] = [parseSequence(true)];
        while (pattern[at] === ',') {
          at += 1;
          options.push(parseSequence(true));
        }
        // picomatch reads empty options its own way ('{,a.*}' does not match 'a.'): left out.
        if (pattern[at] !== '}' || options.length < 2 || options.some((option) => option.length === 0)) {
          throw new Unsupported();
        }
        at += 1;
        items.push({ kind: 'alt', options });
      } else if (RESERVED.has(ch) || isControl(ch) || (inBraces && pattern.startsWith('..', at))) {
        // ('..' inside braces is a range to the matcher: {a..z}.)
        throw new Unsupported();
      } else {
        at += 1;
        items.push(literal(ch));
      }
    }
    if (inBraces) throw new Unsupported();
    return items;
  };
  const parseClass = (): Item => {
    at += 1;
    let negate = false;
    if (pattern[at] === '^') {
      negate = true;
      at += 1;
    }
    const points: number[] = [];
    const ranges: Array<[number, number]> = [];
    const member = (): number => {
      const ch = pattern[at];
      if (ch === undefined) throw new Unsupported();
      if (!/[A-Za-z0-9_.]/.test(ch)) throw new Unsupported();
      at += 1;
      return ch.charCodeAt(0);
    };
    while (pattern[at] !== ']') {
      const low = member();
      if (pattern[at] === '-' && pattern[at + 1] !== ']') {
        at += 1;
        const high = member();
        if (high < low || !sameKind(low, high)) throw new Unsupported();
        ranges.push([low, high]);
      } else {
        points.push(low);
      }
    }
    at += 1;
    if (points.length === 0 && ranges.length === 0) throw new Unsupported();
    const inside = (c: number) => points.includes(c) || ranges.some(([lo, hi]) => c >= lo && c <= hi);
    return { kind: 'char', test: negate ? (c) => !inside(c) : inside, points, ranges };
  };
  const items = parseSequence(false);
  return { items, negated };
}

function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function sameKind(a: number, b: number): boolean {
  const kind = (c: number) =>
    c >= 0x30 && c <= 0x39 ? 0 : c >= 0x41 && c <= 0x5a ? 1 : c >= 0x61 && c <= 0x7a ? 2 : 3;
  return kind(a) === kind(b) && kind(a) !== 3;
}

function literal(ch: string): Item {
  const code = ch.charCodeAt(0);
  return { kind: 'char', test: (c) => c === code, points: [code], ranges: [] };
}

/** A pattern as a nondeterministic automaton over UTF-16 code units. */
interface Nfa {
  glob: ParsedGlob;
  /** The closure of the start state. */
  start: number[];
  epsilon: number[][];
  edges: Array<Array<{ test: CharTest; to: number }>>;
  final: number;
  negated: boolean;
}

function toNfa(glob: ParsedGlob): Nfa {
  const epsilon: number[][] = [];
  const edges: Array<Array<{ test: CharTest; to: number }>> = [];
  const state = () => {
    epsilon.push([]);
    edges.push([]);
    return epsilon.length - 1;
  };
  const build = (items: Item[], from: number): number => {
    let current = from;
    for (const item of items) {
      if (item.kind === 'char') {
        const next = state();
        edges[current]?.push({ test: item.test, to: next });
        current = next;
      } else if (item.kind === 'star') {
        const loop = state();
        epsilon[current]?.push(loop);
        edges[loop]?.push({ test: () => true, to: loop });
        current = loop;
      } else {
        const end = state();
        for (const option of item.options) {
          const start = state();
          epsilon[current]?.push(start);
          epsilon[build(option, start)]?.push(end);
        }
        current = end;
      }
    }
    return current;
  };
  const start = state();
  const final = build(glob.items, start);
  const nfa: Nfa = { glob, start: [], epsilon, edges, final, negated: glob.negated };
  nfa.start = closure(nfa, [start]);
  return nfa;
}

const compiledCache = new Map<string, Nfa | null>();

/** The pattern's automaton (cached), or null when it is outside the dialect. */
function compiled(pattern: string): Nfa | null {
  let nfa = compiledCache.get(pattern);
  if (nfa === undefined) {
    try {
      nfa = toNfa(parseGlob(pattern));
    } catch {
      nfa = null;
    }
    if (compiledCache.size > 1000) compiledCache.clear();
    compiledCache.set(pattern, nfa);
  }
  return nfa;
}

/**
 * Whether `pattern` matches `code` in the dialect (linear time: no backtracking), or
 * null when the pattern is outside it. hasPermission answers with this.
 */
export function globMatches(pattern: string, code: string): boolean | null {
  const nfa = compiled(pattern);
  if (!nfa) return null;
  let states = nfa.start;
  for (let i = 0; i < code.length && states.length > 0; i += 1) states = step(nfa, states, code.charCodeAt(i));
  return accepts(nfa, states);
}

function closure(nfa: Nfa, states: Iterable<number>): number[] {
  const seen = new Set<number>();
  const stack = [...states];
  while (stack.length > 0) {
    const s = stack.pop() as number;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const t of nfa.epsilon[s] ?? []) stack.push(t);
  }
  return [...seen].sort((a, b) => a - b);
}

function step(nfa: Nfa, states: number[], c: number): number[] {
  const next: number[] = [];
  for (const s of states) for (const edge of nfa.edges[s] ?? []) if (edge.test(c)) next.push(edge.to);
  return closure(nfa, next);
}

function accepts(nfa: Nfa, states: number[]): boolean {
  return states.includes(nfa.final) !== nfa.negated;
}

/** Boundaries splitting code units into intervals on which every test in the patterns is constant. */
function alphabet(globs: ParsedGlob[]): number[] {
  const cuts = new Set<number>([0]);
  const visit = (items: Item[]) => {
    for (const item of items) {
      if (item.kind === 'char') {
        for (const p of item.points) cuts.add(p).add(p + 1);
        for (const [lo, hi] of item.ranges) cuts.add(lo).add(hi + 1);
      } else if (item.kind === 'alt') {
        for (const option of item.options) visit(option);
      }
    }
  };
  for (const glob of globs) visit(glob.items);
  // One representative (the first code unit) per interval.
  return [...cuts].filter((c) => c < 0x10000).sort((a, b) => a - b);
}

export type GlobInclusion =
  | { included: true }
  /** Outside the modelled dialect, too long, or too costly to decide. */
  | { included: false; reason: 'unprovable' }
  | { included: false; reason: 'uncovered' /** A code the pattern matches and none held does. */; witness: string };

/**
 * Whether every code `pattern` can match is matched by one of `held` (glob inclusion,
 * decided on the patterns). Held patterns outside the dialect count as matching nothing;
 * a granted one outside it (or too long, or too costly to decide) is not included.
 */
export function globWithin(pattern: string, held: readonly string[]): GlobInclusion {
  if (pattern.length > MAX_GRANTED_PATTERN) return { included: false, reason: 'unprovable' };
  const grantedNfa = compiled(pattern);
  if (!grantedNfa) return { included: false, reason: 'unprovable' };
  const heldNfas = held.map(compiled).filter((nfa): nfa is Nfa => nfa !== null);
  const symbols = alphabet([grantedNfa, ...heldNfas].map((nfa) => nfa.glob));
  interface Node {
    g: number[];
    h: number[][];
    parent: Node | null;
    via: number;
  }
  const start: Node = { g: grantedNfa.start, h: heldNfas.map((nfa) => nfa.start), parent: null, via: 0 };
  const key = (n: Node) => `${n.g.join(',')}|${n.h.map((set) => set.join(',')).join(';')}`;
  const seen = new Set<string>([key(start)]);
  const queue: Node[] = [start];
  // Breadth first over the product automaton: the first state where the granted pattern
  // accepts and no held one does is reached by a shortest uncovered code.
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head] as Node;
    if (accepts(grantedNfa, node.g) && !heldNfas.some((nfa, i) => accepts(nfa, node.h[i] as number[]))) {
      let witness = '';
      for (let at: Node | null = node; at?.parent; at = at.parent) witness = String.fromCharCode(at.via) + witness;
      // A held pattern outside the dialect may cover the witness: then it is only unproven.
      if (heldNfas.length < held.length) return { included: false, reason: 'unprovable' };
      return { included: false, reason: 'uncovered', witness };
    }
    for (const c of symbols) {
      const next: Node = {
        g: step(grantedNfa, node.g, c),
        h: heldNfas.map((nfa, i) => step(nfa, node.h[i] as number[], c)),
        parent: node,
        via: c,
      };
      // A positive granted pattern that can no longer reach its end matches nothing further.
      if (!grantedNfa.negated && next.g.length === 0) continue;
      const k = key(next);
      if (seen.has(k)) continue;
      if (seen.size >= MAX_PRODUCT_STATES) return { included: false, reason: 'unprovable' };
      seen.add(k);
      queue.push(next);
    }
  }
  return { included: true };
}
