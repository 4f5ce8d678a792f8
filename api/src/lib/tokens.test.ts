import { describe, expect, it } from 'vitest';
import {
  hashToken,
  issueToken,
  purposeOf,
  TOKEN_PURPOSES,
  type TokenPurpose,
  tokenFitsPurpose,
  tokenHashFor,
} from './tokens';

const PURPOSES = Object.keys(TOKEN_PURPOSES) as TokenPurpose[];

describe('token purposes', () => {
  it('gives each purpose a prefix that starts no other, so a token has exactly one purpose', () => {
    for (const a of PURPOSES)
      for (const b of PURPOSES)
        if (a !== b) expect(TOKEN_PURPOSES[a].startsWith(TOKEN_PURPOSES[b]), `${a} vs ${b}`).toBe(false);
  });

  it('issues 256-bit URL-safe secrets carrying their purpose, each one new', () => {
    for (const purpose of PURPOSES) {
      const tokens = new Set(Array.from({ length: 50 }, () => issueToken(purpose)));
      expect(tokens.size).toBe(50);
      for (const token of tokens) {
        expect(purposeOf(token)).toBe(purpose);
        expect(token.slice(TOKEN_PURPOSES[purpose].length)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
    }
  });

  it('accepts a token only for its own purpose, for every pair of purposes', () => {
    for (const issued of PURPOSES) {
      const token = issueToken(issued);
      for (const presented of PURPOSES) {
        expect(tokenFitsPurpose(presented, token), `${issued} token as ${presented}`).toBe(issued === presented);
        expect(tokenHashFor(presented, token)).toBe(issued === presented ? hashToken(token) : null);
      }
    }
  });

  it('accepts a bare token only where bare tokens were issued before purposes (sessions, calendar feeds, setup)', () => {
    const bare = 'Q2hhbmdlIG1lIHRvIGEgcmVhbCB0b2tlbiBwbGVhc2U';
    expect(purposeOf(bare)).toBeNull();
    expect(PURPOSES.filter((purpose) => tokenFitsPurpose(purpose, bare)).sort()).toEqual([
      'calendarFeed',
      'session',
      'setup',
    ]);
  });

  it('refuses the shapes no verifier should look up: empty, oversized, another purpose with junk after it', () => {
    for (const purpose of PURPOSES) {
      expect(tokenHashFor(purpose, '')).toBeNull();
      expect(tokenHashFor(purpose, `${TOKEN_PURPOSES[purpose]}${'a'.repeat(400)}`)).toBeNull();
      for (const other of PURPOSES.filter((p) => p !== purpose))
        for (const tail of ['', 'x', issueToken(purpose)])
          expect(tokenHashFor(purpose, `${TOKEN_PURPOSES[other]}${tail}`), `${other}+${tail}`).toBeNull();
    }
    // Case matters: OPK_ is no API key and, having no known prefix, no API key may be bare.
    expect(tokenHashFor('apiKey', issueToken('apiKey').toUpperCase())).toBeNull();
  });
});
