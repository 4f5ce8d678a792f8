import type { Config } from '../config';
import { localDriver } from './local-driver';
import { s3Driver } from './s3-driver';
import type { StorageDriver } from './storage-driver';

/** The storage driver the configuration names (STORAGE_DRIVER). */
export function storageFromConfig(config: Config): StorageDriver {
  if (config.STORAGE_DRIVER === 's3') {
    return s3Driver({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      stagingDir: config.STORAGE_STAGING_DIR,
    });
  }
  return localDriver({ root: config.STORAGE_DIR });
}
