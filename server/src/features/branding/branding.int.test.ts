import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ACADEMY_NAME: 'Bright English',
      ONLINE_CLASS_URL: 'https://class.example.com/room',
      WEBSITE_URL: 'https://bright.example.com',
    },
  });
});
afterAll(() => t.close());

describe('branding calls (public)', () => {
  it.each([
    ['/api/logo.php', { logoUrl: '/branding/logo.webp' }],
    ['/api/login_bg.php', { backgroundUrl: '/branding/login-background.webp' }],
    ['/api/user_bg.php', { userbg_url: '/branding/user-background.webp' }],
    [
      '/api/app_config.php',
      {
        academyName: 'Bright English',
        onlineClassUrl: 'https://class.example.com/room',
        websiteUrl: 'https://bright.example.com',
        timeZone: 'UTC',
        timeZoneConfirmed: false,
        quietHours: null,
        country: null,
        timeZoneFromEnvironment: false,
      },
    ],
  ])('GET %s answers without a token', async (url, expected) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
  });
});

describe('the API around the calls', () => {
  it('answers an unknown /api call with a JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nothing-here.php' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      success: false,
      message: 'No such call: GET /api/nothing-here.php',
    });
  });

  it('sends JSON answers nosniff and no-store, without a document’s policy', async () => {
    const res = await t.call('logo', undefined, {});
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends pages helmet’s headers with a script policy of self only', async () => {
    const res = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('serves the OpenAPI document of every mounted call', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login.php', '/api/logo.php']),
    );
  });

  it('reports health with a database round trip', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names the app after the academy and lists installable icons', async () => {
    const res = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Bright English',
      short_name: 'Bright',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual([
      '192x192',
      '512x512',
      '512x512',
    ]);
  });
});
