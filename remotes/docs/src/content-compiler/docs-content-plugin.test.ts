// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild, mergeRsbuildConfig } from '@rsbuild/core';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../rsbuild.config';
import { docsContentPlugin } from './docs-content-plugin';

const ROOT = path.resolve(__dirname, '../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-build-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe('the docs build', () => {
  it('fails on a malformed content file, naming the file, line and reason, and emits nothing', async () => {
    const content = path.join(temp, 'content');
    fs.cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    const commands = path.join(content, 'commands.yaml');
    const text = fs
      .readFileSync(commands, 'utf8')
      .replace('usage: sm_kick <target:players> [reason:text]', 'usage: sm_kick <target:players> [reason:txt]');
    fs.writeFileSync(commands, text);
    const line = text.split('\n').findIndex((l) => l.includes('[reason:txt]')) + 1;
    const dist = path.join(temp, 'dist');
    const rsbuild = await createRsbuild({
      cwd: ROOT,
      rsbuildConfig: mergeRsbuildConfig(
        {
          ...config,
          plugins: (config.plugins ?? []).filter((p) => !(p && 'name' in p && p.name === 'outpost:docs-content')),
        },
        { plugins: [docsContentPlugin(content)], output: { distPath: { root: dist } }, logLevel: 'silent' },
      ),
    });
    await expect(rsbuild.build()).rejects.toThrow(
      `content/commands.yaml:${line}: sm_kick: malformed usage "sm_kick <target:players> [reason:txt]": argument "reason" has unknown type "txt"`,
    );
    expect(fs.existsSync(path.join(dist, 'search-index.json'))).toBe(false);
  });
});
