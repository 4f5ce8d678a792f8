// The shell's short Module Federation error codes (mf-error-codes.cjs) stand in for the package:
// every export it has, the same codes, and messages that still say what failed.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const short = require('./mf-error-codes.cjs');
const original = createRequire(require.resolve('@module-federation/rsbuild-plugin'))('@module-federation/error-codes');

describe('mf-error-codes', () => {
  it("has every export of @module-federation/error-codes, each code with the package's value", () => {
    expect(Object.keys(short).sort()).toEqual(expect.arrayContaining(Object.keys(original).sort()));
    for (const [name, value] of Object.entries(original))
      if (typeof value === 'string') expect(short[name], name).toBe(value);
  });

  it('names the code, its arguments and the original error', () => {
    const message = short.getShortErrorMsg(short.RUNTIME_008, short.runtimeDescMap, { url: '/x.js' }, 'timeout');
    expect(message).toBe('Module Federation RUNTIME-008\nargs: {"url":"/x.js"}\nOriginal Error Message:\n timeout');
    expect(() =>
      short.logAndReport(short.RUNTIME_001, short.runtimeDescMap, {}, (text) => {
        throw new Error(text);
      }),
    ).toThrow('Module Federation RUNTIME-001');
  });
});
