import { DEFAULT_CHOICES } from '@academy/contract/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';

/**
 * Issue 49, point 17: the academy's own formats. The academy's country is set on Settings (its
 * time zone suggests one until then); numbers typed the local way are read in it and kept in
 * E.164, a number that is not one of its own is refused in words with its own example, and
 * numbers kept before stay valid. ACADEMY_TZ, when given, is said to the first sign-in.
 */

const IRANIAN_WORDS =
  "Please enter the guardian's phone number as dialled in Iran, such as 0912 345 6789, or with + and the country code.";

let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  student = await t.student({ name: 'Sara Rahimi' });
});
afterAll(() => t.close());

const appConfig = async (app = t) => (await app.call('appConfig', undefined, {})).json();
const saveCountry = (country: string, as = admin) => t.call('saveSettings', as.token, { country });
const saveGuardian = (phone: string) =>
  t.call('saveGuardian', admin.token, { user_id: student.id, name: 'Maryam Rahimi', phone });

describe("the academy's country", () => {
  it('is none at first on a UTC academy: a local number needs its country code, as before', async () => {
    expect((await t.call('getSettings', admin.token, {})).json().settings.country).toBeNull();
    expect(await appConfig()).toMatchObject({ country: null, timeZoneFromEnvironment: false });
    const local = await saveGuardian('0912 555 0101');
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toBe(
      "Please enter the guardian's phone number with + and the country code, such as +44 7700 900123.",
    );
  });

  it('is set by an administrator only, as an ISO code of a country with numbers', async () => {
    for (const who of [student, await t.teacher()])
      expect((await saveCountry('IR', who)).statusCode).toBe(403);
    for (const bad of ['XX', 'Iran', '1', 'I R']) {
      const res = await saveCountry(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Please choose the academy’s country from the list.');
    }
    const saved = await saveCountry('ir');
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.call('getSettings', admin.token, {})).json().settings.country).toBe('IR');
    expect(await appConfig()).toMatchObject({ country: 'IR' });
    // Saving other settings keeps it.
    await t.call('saveSettings', admin.token, { academy_name: 'Tehran English' });
    expect((await appConfig()).country).toBe('IR');
  });

  it("reads a guardian's number typed the local way in it and keeps it in E.164", async () => {
    const added = await saveGuardian('0912 555 0101');
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const stored = await t.database.db
      .selectFrom('guardians')
      .select('phone')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.phone).toBe('+989125550101');
    // Brackets and dashes too; a number with its country code is read as it says.
    for (const [typed, e164] of [
      ['(0912) 555-0102', '+989125550102'],
      ['+44 7400 123456', '+447400123456'],
      // A number kept before (fiction's +44 7700 900xxx) stays valid when saved again.
      ['+447700900123', '+447700900123'],
    ]) {
      const res = await t.call('saveGuardian', admin.token, {
        user_id: student.id,
        guardian_id: id,
        name: 'Maryam Rahimi',
        phone: typed,
      });
      expect(res.statusCode, res.body).toBe(200);
      const listed = (await t.call('listGuardians', admin.token, { user_id: student.id })).json()
        .guardians;
      expect(listed[0]?.phone, typed).toBe(e164);
    }
  });

  it('refuses a number that is not one of its own, in words with its own example', async () => {
    for (const bad of ['0912 555', '0912 55', '0912 555 0101 999', '(201) 555-0123'])
      expect((await saveGuardian(bad)).json(), bad).toEqual({
        success: false,
        message: IRANIAN_WORDS,
      });
    expect((await saveGuardian('0912 555')).statusCode).toBe(400);
    // What cannot be a number at all is refused by the schema as before.
    expect((await saveGuardian('call me')).statusCode).toBe(400);
  });

  it("reads a student's own number and a test SMS's number in it", async () => {
    const saved = await t.call('saveMessageChoices', student.token, {
      kinds: DEFAULT_CHOICES.kinds,
      quiet_hours: null,
      phone: '0912-555-0199',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.call('getMessageChoices', student.token, {})).json().choices.phone).toBe(
      '+989125550199',
    );
    const bad = await t.call('saveMessageChoices', student.token, {
      kinds: DEFAULT_CHOICES.kinds,
      quiet_hours: null,
      phone: '0912 55',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Please enter the mobile number as dialled in Iran, such as 0912 345 6789, or with + and the country code.',
    );
    const test = await t.call('sendTestSms', admin.token, { to: '0912 55' });
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toContain('as dialled in Iran, such as 0912 345 6789');
  });

  it("reads an imported guardian's number in it, and writes it in E.164", async () => {
    const csv = [
      'name,username,email,gender,password,Guardian Name,Guardian Phone',
      'Kian Imported,kian.formats,kian.formats@school.example,male,,Reza Imported,0912 555 0303',
      'Bad Imported,bad.formats,bad.formats@school.example,male,,Bad Parent,0912 555',
    ].join('\n');
    const preview = await t.call('previewUserImport', admin.token, { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as { row: number; guardian: unknown; problems: string[] }[];
    expect(rows.find((r) => r.row === 2)).toMatchObject({
      guardian: { name: 'Reza Imported', phone: '+989125550303', email: null },
      problems: [],
    });
    expect(rows.find((r) => r.row === 3)?.problems).toEqual([IRANIAN_WORDS]);
    const started = await t.call('importUsers', admin.token, { csv });
    expect(started.statusCode, started.body).toBe(200);
    await vi.waitFor(
      async () => {
        const kept = await t.database.db
          .selectFrom('guardians')
          .select('phone')
          .where('name', '=', 'Reza Imported')
          .executeTakeFirst();
        expect(kept?.phone).toBe('+989125550303');
      },
      { timeout: 60_000, interval: 100 },
    );
  });

  it('can be cleared: the time zone then suggests it', async () => {
    await t.call('saveSettings', admin.token, { time_zone: 'Europe/London', country: '' });
    expect((await t.call('getSettings', admin.token, {})).json().settings.country).toBeNull();
    expect((await appConfig()).country).toBe('GB');
    const res = await saveGuardian('07400 123456');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ACADEMY_TZ', () => {
  it('is said to the first sign-in when it is given, so its question is prefilled with it', async () => {
    const tehran = await createTestApp({ env: { ACADEMY_TZ: 'Asia/Tehran' } });
    try {
      expect(await appConfig(tehran)).toMatchObject({
        timeZone: 'Asia/Tehran',
        timeZoneConfirmed: false,
        timeZoneFromEnvironment: true,
        // Until a country is saved, the zone suggests it.
        country: 'IR',
      });
    } finally {
      await tehran.close();
    }
  });
});
