import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

export interface LocalS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /**
   * s3rver's one built-in key pair. It refuses an unknown key id, but does not verify
   * signature V4 itself, so a wrong secret goes unnoticed here (not on a real store).
   */
  accessKeyId: string;
  secretAccessKey: string;
  /** What FILE_STORAGE=s3 needs to use this server. */
  env: Record<string, string>;
  client(): S3Client;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port with a fresh folder and one
 * bucket, in a process of its own. It has to be its own process: s3rver 3.7 signs
 * ListObjectsV2 continuation tokens with DES, which OpenSSL 3 refuses unless Node starts with
 * --openssl-legacy-provider, and that flag should not reach the code under test.
 */
export async function startS3rver(bucket = 'academy'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 15_000);
    const onData = (data: Buffer) => {
      output += data;
      const match = /listening on [^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}):\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client: () =>
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
