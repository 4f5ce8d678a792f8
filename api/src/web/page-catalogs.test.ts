import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageCatalogs } from './page-catalogs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-page-catalogs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

describe("a page's catalogs", () => {
  const shell = path.join(root, 'shell');
  const servers = path.join(root, 'servers');
  write('shell/catalogs/shell/de.json', '{"a":"A (de)"}');
  write('shell/catalogs/shell/ru.json', '{"a":"A (ru)"}');
  write('servers/catalogs/servers-overview/de.json', '{"b":"B (de)"}');
  // What is not an owner's catalog stays out: a name outside the id pattern, a file that does not parse.
  write('servers/catalogs/Not_An_Id/de.json', '{"c":"C"}');
  write('servers/catalogs/broken/de.json', '{"d":');

  it("gathers every owner's messages in the locale from the shell's and the owning remote's builds", async () => {
    expect(await pageCatalogs('de', [shell, servers])).toEqual({
      locale: 'de',
      owners: { shell: { a: 'A (de)' }, 'servers-overview': { b: 'B (de)' } },
    });
    expect(await pageCatalogs('ru', [shell, servers])).toEqual({ locale: 'ru', owners: { shell: { a: 'A (ru)' } } });
  });

  it("in English, only a remote owner's English (the shell's is bundled, its build writes none)", async () => {
    expect(await pageCatalogs('en', [shell, servers])).toBeNull();
    write('servers/catalogs/servers-overview/en.json', '{"b":"B"}');
    expect(await pageCatalogs('en', [shell, servers])).toEqual({
      locale: 'en',
      owners: { 'servers-overview': { b: 'B' } },
    });
    fs.rmSync(path.join(servers, 'catalogs/servers-overview/en.json'));
  });

  it('has nothing for a locale no build wrote, or without builds', async () => {
    expect(await pageCatalogs('tr', [shell, servers])).toBeNull();
    expect(await pageCatalogs('de', [null, undefined, path.join(root, 'missing')])).toBeNull();
  });

  it('reads a catalog again once a build replaced it', async () => {
    write('shell/catalogs/shell/pl.json', '{"a":"A (pl) 1"}');
    expect((await pageCatalogs('pl', [shell]))?.owners).toEqual({ shell: { a: 'A (pl) 1' } });
    write('shell/catalogs/shell/pl.json', '{"a":"A (pl) 2, a longer text"}');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(shell, 'catalogs/shell/pl.json'), later, later);
    expect((await pageCatalogs('pl', [shell]))?.owners).toEqual({ shell: { a: 'A (pl) 2, a longer text' } });
  });
});
