import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test-support/harness.js';
import { pdfText } from '../../test-support/pdf.js';
import { buildWorld, type World } from '../../test-support/world.js';

/**
 * Issue 48, point 5: a certificate's printed link and QR lead to the academy's own address,
 * the one an administrator saved the Settings from, never to the Host a request names, which
 * whoever asks writes (a genuine certificate could point at a look-alike site).
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const certificateAs = async (token: string, host: string) => {
  const res = await t.inject({
    method: 'GET',
    url: `/api/get_certificate.php?result_id=${w.ids.result}`,
    headers: { ...bearer(token), host },
  });
  return { res, text: res.statusCode === 200 ? pdfText(res.rawPayload ?? Buffer.alloc(0)) : null };
};

describe("a certificate's verify address", () => {
  it('is the address the Settings were saved from, whatever Host the request names', async () => {
    // The world's administrator saved the Settings at the harness's own address.
    const { res, text } = await certificateAs(w.a.token, 'look-alike.example');
    expect(res.statusCode, res.body).toBe(200);
    if (text !== null) {
      expect(text).toContain(`http://localhost:80/verify/${w.certificateCode}`);
      expect(text).not.toContain('look-alike.example');
    }

    // Saved again from the academy's real address: the certificates lead there from now on.
    const saved = await t.inject({
      method: 'POST',
      url: '/api/save_settings.php',
      headers: { ...bearer(w.admin.token), host: 'academy.example' },
      payload: { time_zone: 'UTC' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await certificateAs(w.a.token, 'look-alike.example');
    expect(again.res.statusCode).toBe(200);
    if (again.text !== null) {
      expect(again.text).toContain(`http://academy.example/verify/${w.certificateCode}`);
      expect(again.text).not.toContain('look-alike.example');
    }
  });

  it('is refused in words while no address was ever saved, rather than guessed', async () => {
    await t.database.db.updateTable('academy_settings').set({ public_origin: null }).execute();
    await t.app.deps.settings.reload();
    const { res } = await certificateAs(w.a.token, 'look-alike.example');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'This certificate cannot be printed yet: the academy’s address is not known. An administrator opens Settings and saves them once.',
    });
  });
});
