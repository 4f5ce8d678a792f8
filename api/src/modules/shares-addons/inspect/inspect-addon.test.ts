import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addonInfo, buildVpk, buildZip, bukkitPluginJar, campaignVpk } from '../../../test-support/addon-fixtures';
import { AddonRejectedError } from './addon-rejected';
import { inspectAddon } from './inspect-addon';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-inspect-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const write = (data: Buffer) => {
  const file = path.join(dir, `f${counter++}`);
  fs.writeFileSync(file, data);
  return file;
};
const rejection = async (data: Buffer, name: string, game: 'l4d2' | 'minecraft') => {
  const error = await inspectAddon(write(data), name, game).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, `${name} should be refused`).toBeInstanceOf(AddonRejectedError);
  return (error as AddonRejectedError).code;
};

describe('VPK addons', () => {
  it.each([1, 2] as const)('reads addoninfo.txt and the maps of a version %i VPK', async (version) => {
    const details = await inspectAddon(write(campaignVpk('Dead Test', version)), 'dead.vpk', 'l4d2');
    expect(details).toEqual({
      kind: 'vpk',
      title: 'Dead Test',
      author: 'Tester',
      version: '1.2',
      description: 'Two maps',
      maps: ['c1m1_test', 'c1m2_test'],
      fileCount: 4,
      metadataFile: 'addoninfo.txt',
      vpkVersion: version,
    });
  });

  it('takes a VPK without addoninfo.txt', async () => {
    const details = await inspectAddon(write(buildVpk([{ path: 'sound/a.wav', data: 'x' }])), 'a.vpk', 'tf2');
    expect(details).toMatchObject({ title: null, maps: [], fileCount: 1, metadataFile: null });
  });

  it('refuses hostile VPKs with a clear code', async () => {
    const good = campaignVpk();
    expect(await rejection(good.subarray(0, 40), 'cut.vpk', 'l4d2')).toBe('ADDON_TRUNCATED');
    expect(await rejection(good.subarray(0, 6), 'tiny.vpk', 'l4d2')).toBe('ADDON_TRUNCATED');
    expect(
      await rejection(
        buildVpk([{ path: 'a.txt', data: 'x' }], { hostile: { treeSize: 0x7fffffff } }),
        'huge.vpk',
        'l4d2',
      ),
    ).toBe('ADDON_TOO_MANY_ENTRIES');
    expect(
      await rejection(
        buildVpk([{ path: 'a.txt', data: 'x' }], { hostile: { treeSize: 5_000_000 } }),
        'long.vpk',
        'l4d2',
      ),
    ).toBe('ADDON_TRUNCATED');
    expect(
      await rejection(
        buildVpk([{ path: 'maps/a.bsp', data: 'abc' }], { hostile: { offsetPastEnd: true } }),
        'past.vpk',
        'l4d2',
      ),
    ).toBe('ADDON_TRUNCATED');
    expect(
      await rejection(
        buildVpk([{ path: 'a.txt', data: 'x' }], { hostile: { noTerminators: true } }),
        'open.vpk',
        'l4d2',
      ),
    ).toBe('ADDON_TRUNCATED');
    expect(
      await rejection(
        buildVpk([{ path: 'a.txt', data: 'x' }], { hostile: { splitArchive: true } }),
        'split.vpk',
        'l4d2',
      ),
    ).toBe('ADDON_MALFORMED');
    const version3 = Buffer.from(good);
    version3.writeUInt32LE(3, 4);
    expect(await rejection(version3, 'v3.vpk', 'l4d2')).toBe('ADDON_MALFORMED');
    // An enormous addoninfo.txt is not read into memory.
    const bigInfo = buildVpk([{ path: 'addoninfo.txt', data: Buffer.alloc(300_000, 32) }]);
    expect(await rejection(bigInfo, 'big.vpk', 'l4d2')).toBe('ADDON_MALFORMED');
  });

  it('refuses traversal names inside a VPK', async () => {
    for (const name of [
      '../../cfg/autoexec.cfg',
      'maps/../../x.bsp',
      '/etc/x.txt',
      'a\\..\\b.txt',
      'C:/x.txt',
      './a.txt',
    ]) {
      expect(await rejection(buildVpk([{ path: name, data: 'x' }]), 'evil.vpk', 'l4d2'), name).toBe(
        'ADDON_UNSAFE_ENTRY_NAME',
      );
    }
  });

  it('decides the type by content, not only by name', async () => {
    expect(await rejection(bukkitPluginJar(), 'renamed.vpk', 'l4d2')).toBe('ADDON_TYPE_NOT_ALLOWED');
    expect(await rejection(campaignVpk(), 'campaign.jar', 'l4d2')).toBe('ADDON_TYPE_NOT_ALLOWED');
    expect(await rejection(Buffer.from('MZ executable'), 'x.vpk', 'cs2' as 'l4d2')).toBe('ADDON_TYPE_NOT_ALLOWED');
    expect(await rejection(Buffer.alloc(0), 'empty.vpk', 'l4d2')).toBe('ADDON_TYPE_NOT_ALLOWED');
  });
});

describe('jar addons', () => {
  it('reads plugin.yml', async () => {
    expect(await inspectAddon(write(bukkitPluginJar()), 'spawn.jar', 'minecraft')).toMatchObject({
      kind: 'jar',
      title: 'SpawnGuard',
      version: '2.0.1',
      author: 'alice, bob',
      description: 'Guards spawn',
      metadataFile: 'plugin.yml',
      fileCount: 2,
    });
  });

  it('reads fabric.mod.json and mods.toml', async () => {
    const fabric = buildZip([
      {
        name: 'fabric.mod.json',
        data: JSON.stringify({
          id: 'lithium',
          name: 'Lithium',
          version: '0.11',
          authors: [{ name: 'jelly' }],
          description: 'Fast',
        }),
      },
    ]);
    expect(await inspectAddon(write(fabric), 'lithium.jar', 'minecraft')).toMatchObject({
      title: 'Lithium',
      version: '0.11',
      author: 'jelly',
      metadataFile: 'fabric.mod.json',
    });
    const forge = buildZip([
      { name: 'META-INF/', data: '' },
      {
        name: 'META-INF/mods.toml',
        data: 'modLoader="javafml"\n[[mods]]\nmodId="jei"\nversion="15.2"\ndisplayName="Just Enough Items"\nauthors="mezz"\ndescription="""Item list"""\n',
        deflate: true,
      },
    ]);
    expect(await inspectAddon(write(forge), 'jei.jar', 'minecraft')).toMatchObject({
      title: 'Just Enough Items',
      version: '15.2',
      author: 'mezz',
      description: 'Item list',
      metadataFile: 'META-INF/mods.toml',
    });
    expect(await inspectAddon(write(buildZip([{ name: 'a.class', data: 'x' }])), 'lib.jar', 'minecraft')).toMatchObject(
      {
        title: null,
        metadataFile: null,
      },
    );
  });

  it('refuses hostile jars', async () => {
    for (const name of ['../evil.class', '/abs.class', 'a/../../b.class', 'a\\b.class']) {
      expect(await rejection(buildZip([{ name, data: 'x' }]), 'evil.jar', 'minecraft'), name).toBe(
        'ADDON_UNSAFE_ENTRY_NAME',
      );
    }
    // A zip bomb: 40 MiB of zeros in a few hundred kilobytes.
    const bomb = buildZip([{ name: 'zeros.bin', data: Buffer.alloc(40 * 1024 * 1024), deflate: true }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await rejection(bomb, 'bomb.jar', 'minecraft')).toBe('ADDON_ZIP_BOMB');
    // A metadata file that expands past what its header declares.
    const liar = buildZip([{ name: 'plugin.yml', data: Buffer.alloc(400_000, 97), deflate: true, declaredSize: 100 }]);
    expect(['ADDON_ZIP_BOMB', 'ADDON_MALFORMED']).toContain(await rejection(liar, 'liar.jar', 'minecraft'));
    const good = bukkitPluginJar();
    expect(await rejection(good.subarray(0, good.length - 30), 'cut.jar', 'minecraft')).toBe('ADDON_MALFORMED');
    expect(
      await rejection(buildZip([{ name: 'plugin.yml', data: 'a: &a [*a, *a]\nb: [' }]), 'bad.jar', 'minecraft'),
    ).toBe('ADDON_MALFORMED');
    const laughs = `a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from(
      { length: 10 },
      (_, i) =>
        `l${i}: &l${i} [${Array(9)
          .fill(i ? `*l${i - 1}` : '*a')
          .join(', ')}]`,
    ).join('\n')}\nname: x\n`;
    expect(await rejection(buildZip([{ name: 'plugin.yml', data: laughs }]), 'laughs.jar', 'minecraft')).toBe(
      'ADDON_MALFORMED',
    );
  });

  it('keeps the allow-list per game', async () => {
    expect(await rejection(campaignVpk(), 'x.vpk', 'minecraft')).toBe('ADDON_TYPE_NOT_ALLOWED');
    expect(addonInfo({ title: 'x' })).toContain('addonTitle');
  });
});
