import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebRoot, remoteBuild } from '../../test-support/remote-builds';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 31 item 10: malformed uploads are the client's 4xx {error, message}, never a 500,
// and leave nothing stored: bare or empty file names, a file and a folder of one name.
type Part = { disposition: string; content: string };

function multipart(parts: Part[]) {
  const boundary = `----outpost${randomBytes(8).toString('hex')}`;
  const chunks = parts.map(
    (part) =>
      `--${boundary}\r\nContent-Disposition: ${part.disposition}\r\nContent-Type: application/octet-stream\r\n\r\n${part.content}\r\n`,
  );
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`, 'latin1'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const file = (name: string, content = 'x', field = 'files'): Part => ({
  disposition: `form-data; name="${field}"; filename="${name}"`,
  content,
});
const BARE_NAMES: Array<[string, string]> = [
  ['a bare filename', 'form-data; name="files"; filename'],
  ['an empty filename', 'form-data; name="files"; filename=""'],
  ['filename=', 'form-data; name="files"; filename='],
  ['an empty filename*', 'form-data; name="files"; filename*=utf-8\'\''],
];

describe.each(testDatabases())('upload shapes on $name', (kind) => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebRoot>;
  let storageDir: string;
  let staff: SignedIn;
  beforeAll(async () => {
    web = fakeWebRoot();
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-upload-shapes-'));
    t = await startTestApp(kind, { WEB_ROOT: web.webRoot, REMOTES_REGISTRY: web.registry, STORAGE_DIR: storageDir });
    staff = await signInAs(t, { codes: ['remotes.publish', 'shares.*'], name: 'Uploader' });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });
  const post = (url: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...staff.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  const releaseDirs = () => {
    const dir = path.join(web.webRoot, 'remotes/docs');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const good = () =>
    Object.entries(remoteBuild('docs', { title: 'Shapes' }).files).map(([name, content]) =>
      file(name, String(content)),
    );

  it.each(BARE_NAMES)('a release with %s: 400, nothing stored', async (_what, disposition) => {
    const before = releaseDirs();
    const response = await post('/api/remotes/docs/releases', multipart([...good(), { disposition, content: 'x' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(releaseDirs()).toEqual(before);
  });

  it.each([
    ['file first', ['lib', 'lib/x.js']],
    ['folder first', ['lib/x.js', 'lib']],
    ['deeper', ['a/b', 'a/b/c/d.js']],
    ['a file under a file', ['x.js', 'x.js/y.js']],
  ])('a release with a file and a folder of one name (%s): 400, nothing stored', async (_what, names) => {
    const before = releaseDirs();
    const response = await post(
      '/api/remotes/docs/releases',
      multipart([...good(), ...names.map((name) => file(name))]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(releaseDirs()).toEqual(before);
  });

  it.each(BARE_NAMES)('an addon with %s: 4xx, nothing stored', async (_what, disposition) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: staff.headers,
      payload: { name: `S ${_what}`, game: 'l4d2' },
    });
    expect(created.statusCode).toBe(201);
    const shareId = created.json().id;
    const response = await post(
      `/api/shares/${shareId}/addons`,
      multipart([{ disposition: disposition.replace('"files"', '"file"'), content: 'x' }]),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const list = await t.app.inject({ method: 'GET', url: `/api/shares/${shareId}/addons`, headers: staff.headers });
    expect(JSON.stringify(list.json())).not.toContain('"fileName"');
  });

  describe('pre-compressed copies are checked like the plain files', () => {
    const bytes = (part: Part) => Buffer.from(part.content);
    const binary = (name: string, data: Buffer): Part => ({
      disposition: `form-data; name="files"; filename="${name}"`,
      content: data.toString('latin1'),
    });
    it.each<[string, (plain: Part) => Part[]]>([
      [
        'a .br of other content',
        (plain) => [binary(`${nameOf(plain)}.br`, zlib.brotliCompressSync(Buffer.from('alert(1)')))],
      ],
      ['a .gz of other content', (plain) => [binary(`${nameOf(plain)}.gz`, zlib.gzipSync(Buffer.from('alert(1)')))]],
      [
        'a .gz of the content plus more',
        (plain) => [binary(`${nameOf(plain)}.gz`, zlib.gzipSync(Buffer.concat([bytes(plain), Buffer.from('x')])))],
      ],
      ['a .br that is not brotli', (plain) => [binary(`${nameOf(plain)}.br`, bytes(plain))]],
      ['a .gz with no plain file', () => [binary('extra.js.gz', zlib.gzipSync(Buffer.from('alert(1)')))]],
      ['a .br with no plain file', () => [binary('extra.js.br', zlib.brotliCompressSync(Buffer.from('alert(1)')))]],
    ])('refuses %s (400, nothing stored)', async (_what, extra) => {
      const before = releaseDirs();
      const parts = good();
      const plain = parts.find((part) => nameOf(part) === 'mf-manifest.json') as Part;
      const response = await post('/api/remotes/docs/releases', multipart([...parts, ...extra(plain)]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'COMPRESSED_COPY_MISMATCH', message: expect.any(String) });
      expect(releaseDirs()).toEqual(before);
    });
    it('accepts exact .br and .gz copies', async () => {
      const parts = good();
      const plain = parts.find((part) => nameOf(part) === 'mf-manifest.json') as Part;
      const copies = [
        binary('mf-manifest.json.br', zlib.brotliCompressSync(bytes(plain))),
        binary('mf-manifest.json.gz', zlib.gzipSync(bytes(plain))),
      ];
      const response = await post('/api/remotes/docs/releases', multipart([...parts, ...copies]));
      expect(response.statusCode).toBe(201);
    });
  });
});

function nameOf(part: Part): string {
  return /filename="([^"]*)"/.exec(part.disposition)?.[1] ?? '';
}
