import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './http-fake';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Objects by key (the bucket's whole content). */
  objects: Map<string, { body: Buffer; lastModified: Date }>;
  /** Every request seen: method, key and query, for tests that check what was asked. */
  requests: Array<{ method: string; key: string; query: string }>;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
// RFC 3986 unreserved characters stay; everything else is percent-encoded (SigV4 rules).
const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An S3-compatible object store on loopback: path-style buckets, AWS Signature Version 4 checked
 * on every request (a wrong secret gets SignatureDoesNotMatch), PutObject (with
 * x-amz-checksum-sha256 verified), CopyObject, GetObject with Range, HeadObject, DeleteObject and
 * ListObjectsV2 with continuation. Objects are kept in memory.
 */
export async function startFakeS3(options: { maxKeys?: number } = {}): Promise<FakeS3> {
  const bucket = 'outpost-test';
  const accessKeyId = 'FAKEACCESSKEY';
  const secretAccessKey = 'fake-secret-access-key';
  const region = 'us-east-1';
  const objects = new Map<string, { body: Buffer; lastModified: Date }>();
  const requests: FakeS3['requests'] = [];

  const verifySignature = (req: http.IncomingMessage, rawPath: string, rawQuery: string, body: Buffer) => {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'AccessDenied';
    const [, keyId, date, signedRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId || signedRegion !== region) return 'InvalidAccessKeyId';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) return 'InvalidRequest';
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return [encodeRfc3986(decodeURIComponent(name)), encodeRfc3986(decodeURIComponent(value))] as const;
      })
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const headerNames = (signedHeaders as string).split(';');
    const canonicalHeaders = headerNames
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
      '\n',
    );
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date as string), region), 's3'), 'aws4_request');
    return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature
      ? null
      : 'SignatureDoesNotMatch';
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const params = new URLSearchParams(rawQuery);
    const failure = verifySignature(req, rawPath, rawQuery, body);
    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    requests.push({ method: req.method ?? '', key, query: rawQuery });
    if (failure) return xmlError(res, 403, failure, 'The request signature we calculated does not match');
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');

    if (req.method === 'GET' && !key && params.get('list-type') === '2') {
      const prefix = params.get('prefix') ?? '';
      const maxKeys = options.maxKeys ?? 1000;
      const after = params.get('continuation-token') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const object = objects.get(k) as { body: Buffer; lastModified: Date };
          return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    }
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'No key');

    if (req.method === 'PUT') {
      const copySource = req.headers['x-amz-copy-source'];
      if (typeof copySource === 'string') {
        const sourceKey = decodeURIComponent(copySource.replace(/^\/?[^/]+\//, ''));
        const source = objects.get(sourceKey);
        if (!source) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        const lastModified = new Date();
        objects.set(key, { body: source.body, lastModified });
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><LastModified>${lastModified.toISOString()}</LastModified><ETag>"${sha256Hex(source.body).slice(0, 32)}"</ETag></CopyObjectResult>`,
        );
      }
      const checksum = req.headers['x-amz-checksum-sha256'];
      if (typeof checksum === 'string' && createHash('sha256').update(body).digest('base64') !== checksum) {
        return xmlError(res, 400, 'BadDigest', 'The SHA256 you specified did not match the calculated checksum.');
      }
      objects.set(key, { body, lastModified: new Date() });
      res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      return res.end();
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (!object) {
      if (req.method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const headers = {
      'content-type': 'application/octet-stream',
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
    };
    if (req.method === 'HEAD') {
      res.writeHead(200, { ...headers, 'content-length': object.body.length });
      return res.end();
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
      if (start >= object.body.length || start > end)
        return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
      res.writeHead(206, {
        ...headers,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${object.body.length}`,
      });
      return res.end(object.body.subarray(start, end + 1));
    }
    res.writeHead(200, { ...headers, 'content-length': object.body.length });
    res.end(object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    close: () => closeServer(server),
  };
}
