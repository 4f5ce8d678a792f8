import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../test-support/fakes/fake-s3-server';
import { localDriver } from './local-driver';
import { s3Driver } from './s3-driver';
import { SizeLimitError, stageStream } from './staging';
import { type StorageDriver, StorageVerificationError } from './storage-driver';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no object');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let fakeS3: FakeS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-storage-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  fakeS3 = await startFakeS3({ maxKeys: 2 });
});
afterAll(async () => {
  await fakeS3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const drivers: Array<[string, () => StorageDriver]> = [
  ['local folder', () => localDriver({ root: tempDir(), orphanAgeMs: 0 })],
  [
    'S3-compatible bucket',
    () =>
      s3Driver({
        endpoint: fakeS3.endpoint,
        bucket: fakeS3.bucket,
        region: fakeS3.region,
        accessKeyId: fakeS3.accessKeyId,
        secretAccessKey: fakeS3.secretAccessKey,
        forcePathStyle: true,
        stagingDir: tempDir(),
        orphanAgeMs: 0,
      }),
  ],
];

/** Both drivers pass this one suite. */
describe.each(drivers)('storage driver: %s', (_name, makeDriver) => {
  let driver: StorageDriver;
  beforeAll(() => {
    driver = makeDriver();
  });

  const store = async (key: string, data: Buffer) => {
    const staged = await stageStream(Readable.from([data]), driver.stagingDir, { maxBytes: 1e9 });
    expect(staged).toMatchObject({ size: data.length, sha256: sha(data) });
    await driver.putFile(staged.path, key, staged);
    expect(fs.existsSync(staged.path)).toBe(false);
  };

  it('stores a verified file and reads it back whole and by range', async () => {
    const data = Buffer.from('0123456789abcdefghij'.repeat(50));
    await store('shares/one/a1', data);
    expect(await driver.stat('shares/one/a1')).toEqual({ size: data.length });
    expect(await readAll(await driver.read('shares/one/a1'))).toEqual(data);
    expect((await readAll(await driver.read('shares/one/a1', { start: 10, end: 19 }))).toString()).toBe('abcdefghij');
  });

  it('lists by prefix (across pages) and deletes', async () => {
    for (const name of ['b1', 'b2', 'b3']) await store(`shares/two/${name}`, Buffer.from(name));
    expect((await driver.list('shares/two/')).map((o) => o.key)).toEqual([
      'shares/two/b1',
      'shares/two/b2',
      'shares/two/b3',
    ]);
    await driver.delete('shares/two/b2');
    await driver.delete('shares/two/never-there');
    expect((await driver.list('shares/two/')).map((o) => o.key)).toEqual(['shares/two/b1', 'shares/two/b3']);
    expect(await driver.stat('shares/two/b2')).toBeNull();
    expect(await driver.read('shares/two/b2')).toBeNull();
  });

  it('refuses a staged file that does not match and stores nothing', async () => {
    const data = Buffer.from('the real bytes');
    const staged = await stageStream(Readable.from([data]), driver.stagingDir, { maxBytes: 1e9 });
    await expect(driver.putFile(staged.path, 'shares/three/c1', { ...staged, size: 3 })).rejects.toBeInstanceOf(
      StorageVerificationError,
    );
    expect(await driver.stat('shares/three/c1')).toBeNull();
    expect(fs.existsSync(staged.path)).toBe(false);
    expect(await driver.list('')).not.toContainEqual(expect.objectContaining({ key: expect.stringContaining('tmp') }));
  });

  it('a stream over its limit or cut off leaves no staging file', async () => {
    await expect(
      stageStream(Readable.from([Buffer.alloc(100), Buffer.alloc(100)]), driver.stagingDir, { maxBytes: 150 }),
    ).rejects.toBeInstanceOf(SizeLimitError);
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(stageStream(broken, driver.stagingDir, { maxBytes: 1e9 })).rejects.toThrow('connection reset');
    expect(fs.readdirSync(driver.stagingDir)).toEqual([]);
  });

  it('refuses keys that could climb out or name a temporary', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      '.tmp/x',
      'a//b',
      'a\\b',
      '',
      'a/.staging/x',
      'C:\\x',
      'a/b\u0000',
    ]) {
      await expect(driver.stat(key), key).rejects.toThrow('Refused storage key');
      await expect(driver.read(key), key).rejects.toThrow('Refused storage key');
      await expect(driver.delete(key), key).rejects.toThrow('Refused storage key');
    }
  });

  it('cleans orphan temporaries on start', async () => {
    fs.mkdirSync(driver.stagingDir, { recursive: true });
    fs.writeFileSync(path.join(driver.stagingDir, 'staging-1-orphan'), 'half an upload');
    expect(await driver.cleanTemporaries()).toBeGreaterThanOrEqual(1);
    expect(fs.readdirSync(driver.stagingDir)).toEqual([]);
  });
});

describe('S3 driver against the fake', () => {
  it('signs every request (a wrong secret is refused)', async () => {
    const driver = s3Driver({
      endpoint: fakeS3.endpoint,
      bucket: fakeS3.bucket,
      region: fakeS3.region,
      accessKeyId: fakeS3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
      stagingDir: tempDir(),
    });
    await expect(driver.stat('shares/x/y')).rejects.toThrow();
  });

  it('leaves no temporary object after a move and removes old ones on start', async () => {
    fakeS3.objects.set('.tmp/1-left-by-a-crash', { body: Buffer.from('x'), lastModified: new Date(0) });
    const driver = drivers[1]?.[1]() as StorageDriver;
    expect(await driver.cleanTemporaries()).toBe(1);
    expect([...fakeS3.objects.keys()].filter((key) => key.startsWith('.tmp/'))).toEqual([]);
    expect(fakeS3.requests.some((r) => r.method === 'PUT' && r.key.startsWith('.tmp/'))).toBe(true);
  });
});
