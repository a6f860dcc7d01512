import path from 'node:path';
import { type Config, ConfigError } from '../config.js';
import { LocalFileStorage } from './local-storage.js';
import type { FileStorage } from './storage.js';

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'FILE_STORAGE'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

/**
 * The file storage the configuration names: a folder under DATA_DIR (one machine), or an
 * S3-compatible bucket (several instances), checked once so a wrong bucket, endpoint or key
 * stops the start instead of the first upload.
 */
export async function openFileStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.FILE_STORAGE === 'local')
    return new LocalFileStorage(path.join(config.DATA_DIR, 'files'));
  if (!config.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when FILE_STORAGE=s3');
  // The AWS SDK costs about 230 ms and 23 MB to load: only academies that use a bucket pay it.
  const [{ S3Client }, { S3FileStorage }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-storage.js'),
  ]);
  const client = new S3Client({
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    requestHandler: {
      // An endpoint that does not answer fails a request in 5 s instead of hanging it.
      connectionTimeout: 5000,
      // A download holds its connection to the bucket while a slow phone reads it; the SDK's
      // 50 per host would queue downloads behind one another on a busy instance.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  const storage = new S3FileStorage({
    client,
    bucket: config.S3_BUCKET,
    ...(config.S3_PREFIX ? { prefix: config.S3_PREFIX } : {}),
  });
  try {
    await storage.check();
  } catch (error) {
    client.destroy();
    throw new ConfigError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  return storage;
}
