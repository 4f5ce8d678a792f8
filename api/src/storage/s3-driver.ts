import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { cleanStagingDir, removeQuietly } from './staging';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ByteRange,
  type ExpectedFile,
  type StorageDriver,
  StorageVerificationError,
  type StoredObject,
} from './storage-driver';

/** Objects on their way in: uploaded here, checked, then copied to their key. No key can start with a dot. */
const TEMP_PREFIX = '.tmp/';

export interface S3DriverOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (MinIO and most self-hosted stores); false: virtual-hosted buckets. */
  forcePathStyle: boolean;
  /** Local folder for staging files before they go up. */
  stagingDir: string;
  orphanAgeMs?: number;
}

type Sdk = typeof S3Sdk;
// The AWS SDK is loaded at the first S3 call, not at start: it is a large module tree (about a
// sixth of a cold start, issue 24's 5 s budget) that a site storing files locally never needs.
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

const isMissing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), through the AWS SDK v3. Every
 * PUT carries the file's SHA-256 (x-amz-checksum-sha256), so the store itself refuses bytes that
 * changed on the way; the object then moves from a temporary key to its own with CopyObject.
 */
export function s3Driver(options: S3DriverOptions): StorageDriver {
  let connected: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | null = null;
  const ready = () => {
    connected ??= loadSdk().then((sdk) => ({ sdk, client: newClient(sdk) }));
    return connected;
  };
  const newClient = (sdk: Sdk) =>
    new sdk.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Only the checksums we send on purpose: the default CRC32 trailers (aws-chunked bodies)
      // are not understood by many S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = options.bucket;
  const orphanAgeMs = options.orphanAgeMs ?? 10 * 60_000;

  const head = async (Key: string) => {
    const { sdk, client } = await ready();
    try {
      const result = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
      return { size: result.ContentLength ?? 0, lastModified: result.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    stagingDir: options.stagingDir,
    async putFile(stagedPath, key, expected: ExpectedFile) {
      assertStorageKey(key);
      const { sdk, client } = await ready();
      const tempKey = `${TEMP_PREFIX}${Date.now()}-${randomBytes(8).toString('hex')}`;
      try {
        const stat = await fs.promises.stat(stagedPath);
        if (stat.size !== expected.size) {
          throw new StorageVerificationError(`staged file has ${stat.size} bytes, expected ${expected.size}`);
        }
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: tempKey,
            Body: fs.createReadStream(stagedPath),
            ContentLength: stat.size,
            ChecksumSHA256: Buffer.from(expected.sha256, 'hex').toString('base64'),
          }),
        );
        const stored = await head(tempKey);
        if (stored?.size !== expected.size) {
          throw new StorageVerificationError(
            `bucket holds ${stored?.size ?? 'nothing'} bytes, expected ${expected.size}`,
          );
        }
        await client.send(
          new sdk.CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${encodeURIComponent(tempKey)}` }),
        );
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 400) {
          throw new StorageVerificationError(`the bucket refused the file: ${error.name}`);
        }
        throw error;
      } finally {
        await removeQuietly(stagedPath);
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: tempKey })).catch(() => undefined);
      }
    },
    async read(key, range?: ByteRange) {
      assertStorageKey(key);
      const { sdk, client } = await ready();
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async stat(key) {
      assertStorageKey(key);
      const found = await head(key);
      return found ? { size: found.size } : null;
    },
    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await ready();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      assertStoragePrefix(prefix);
      return (await listAll(prefix)).filter((object) => !object.key.startsWith(TEMP_PREFIX));
    },
    async cleanTemporaries() {
      const { sdk, client } = await ready();
      let removed = await cleanStagingDir(options.stagingDir, orphanAgeMs);
      const cutoff = Date.now() - orphanAgeMs;
      for (const object of await listAll(TEMP_PREFIX)) {
        if (object.lastModified <= cutoff) {
          await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: object.key }));
          removed++;
        }
      }
      return removed;
    },
  };

  async function listAll(prefix: string): Promise<Array<StoredObject & { lastModified: number }>> {
    const { sdk, client } = await ready();
    const found: Array<StoredObject & { lastModified: number }> = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key) {
          found.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified?.getTime() ?? 0 });
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.map(({ key, size, lastModified }) => ({ key, size, lastModified }));
  }
}
