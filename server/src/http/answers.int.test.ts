import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from '../test-support/harness.js';

/** Headers that govern a document (what it may load, frame, send, use): none on JSON. */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'permissions-policy',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'strict-transport-security',
];

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  // Enough students that the list of every user is several kilobytes.
  for (let i = 0; i < 40; i++) await t.student({ name: `A student with a longish name ${i}` });
});
afterAll(() => t.close());

const users = (headers: Record<string, string> = {}) =>
  t.inject({
    method: 'GET',
    url: '/api/get-users.php',
    headers: { ...bearer(admin.token), ...headers },
  });

describe('JSON answers', () => {
  it('are plain when the client accepts no compression, and over 1 kB', async () => {
    const res = await users();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.json().users).toHaveLength(41);
  });

  it('over 1 kB leave gzip-compressed when asked for gzip, the same answer', async () => {
    const plain = await users();
    const res = await users({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = gunzipSync(res.rawPayload);
    expect(res.rawPayload.length).toBeLessThan(body.length / 2);
    expect(body.toString()).toBe(plain.body);
  });

  it('prefer Brotli when the client accepts both, as browsers do', async () => {
    const plain = await users();
    const res = await users({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('of 1 kB or less are never compressed', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/app_config.php',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('academyName');
  });

  it('carry nosniff and no-store, and none of the headers that only govern a document', async () => {
    for (const res of [
      await users({ 'accept-encoding': 'gzip' }),
      await t.call('logo', undefined, {}),
      // An error answer too.
      await t.inject({ method: 'GET', url: '/api/get-users.php' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
    }
  });
});

describe('pages', () => {
  it('still carry every document header', async () => {
    const res = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const name of DOCUMENT_ONLY.filter((n) => n !== 'permissions-policy'))
      expect(res.headers[name], name).toBeDefined();
  });
});
