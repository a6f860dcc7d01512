import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that run on one machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_URL: '',
      DATABASE_POOL_SIZE: 10,
      ACADEMY_TZ: 'UTC',
      ADMIN_USERNAME: 'admin',
    });
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ ACADEMY_TZ: 'Mars/Olympus' }, 'ACADEMY_TZ must be an IANA time zone'],
    [{ ONLINE_CLASS_URL: 'javascript:alert(1)' }, 'ONLINE_CLASS_URL must be an http(s) URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ PROCESSES: '0' }, 'PROCESSES must be auto or a number of processes from 1 to 64'],
    [{ PROCESSES: 'all' }, 'PROCESSES must be auto or a number of processes from 1 to 64'],
    [{ FILE_STORAGE: 'ftp' }, 'FILE_STORAGE must be local or s3'],
    [{ FILE_STORAGE: 's3' }, 'S3_BUCKET is required when FILE_STORAGE=s3'],
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ S3_ACCESS_KEY_ID: 'AKIA1' }, 'S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID must be set together'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_PREFIX: '/academy' }, 'S3_PREFIX must be a folder path'],
    [{ S3_PREFIX: 'a//b' }, 'S3_PREFIX must be a folder path'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY must be true, false or the number of proxies'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY must be true, false or the number of proxies'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY must be true, false or the number of proxies'],
    [{ SETTINGS_KEY: 'secret' }, 'SETTINGS_KEY must be 32 bytes'],
    [{ SETTINGS_KEY: 'ab'.repeat(31) }, 'SETTINGS_KEY must be 32 bytes'],
    [{ SETTINGS_KEY: Buffer.alloc(16, 7).toString('base64') }, 'SETTINGS_KEY must be 32 bytes'],
  ])('stops on %o with a message naming it', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('reads SETTINGS_KEY as 32 bytes from hex or base64, and leaves it unset by default', () => {
    const key = Buffer.alloc(32, 0xa5);
    expect(loadConfig({}).SETTINGS_KEY).toBeUndefined();
    expect(loadConfig({ SETTINGS_KEY: key.toString('hex') }).SETTINGS_KEY).toEqual(key);
    expect(loadConfig({ SETTINGS_KEY: key.toString('base64') }).SETTINGS_KEY).toEqual(key);
    expect(loadConfig({ SETTINGS_KEY: key.toString('base64url') }).SETTINGS_KEY).toEqual(key);
  });

  it('runs one process unless told how many; auto is one per CPU given', () => {
    expect(loadConfig({}).PROCESSES).toBe(1);
    expect(loadConfig({ PROCESSES: '2' }).PROCESSES).toBe(2);
    expect(loadConfig({ PROCESSES: 'auto' }).PROCESSES).toBe(os.availableParallelism());
  });

  it('reads TRUST_PROXY as the number of proxies in front: true is one, false or unset none', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('keeps files in a local folder unless told otherwise, and reads the S3 settings', () => {
    expect(loadConfig({})).toMatchObject({ FILE_STORAGE: 'local', S3_REGION: 'us-east-1' });
    expect(
      loadConfig({
        FILE_STORAGE: 's3',
        S3_BUCKET: 'academy-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'academy/files/',
      }),
    ).toMatchObject({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'academy-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'academy/files/',
    });
  });
});
