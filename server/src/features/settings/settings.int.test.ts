import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type FilePart,
  present,
  type TestApp,
  type TestUser,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

// A 1×1 lossless WebP.
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  // 21:00 UTC on 22 November: still the 22nd in UTC, already the 23rd in Tehran (UTC+3:30).
  t = await createTestApp({
    env: {
      ACADEMY_NAME: 'Bright English',
      ONLINE_CLASS_URL: 'https://class.example.com/room',
      WEBSITE_URL: 'https://bright.example.com',
    },
    startAt: Date.UTC(2026, 10, 22, 21, 0),
  });
  admin = await t.admin();
  student = await t.student();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const save = (fields: Record<string, string | FilePart | (string | FilePart)[]>, as = admin) =>
  t.call('saveSettings', as.token, fields);
const settings = async () => (await t.call('getSettings', admin.token, {})).json().settings;
const logoUrl = async () => (await t.call('logo', undefined, {})).json().logoUrl as string;
const storedFiles = async () =>
  (await t.database.db.selectFrom('stored_files').select('id').execute()).map((r) => r.id);

describe('settings before anything is saved', () => {
  it('answers the environment’s values and the default images', async () => {
    const res = await t.call('getSettings', admin.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: {
        academy_name: 'Bright English',
        time_zone: 'UTC',
        time_zone_confirmed: false,
        online_class_url: '',
        website_url: '',
        logo: { url: '/branding/logo.webp', is_custom: false },
        login_background: { url: '/branding/login-background.webp', is_custom: false },
        home_background: { url: '/branding/user-background.webp', is_custom: false },
        quiet_hours: null,
        reminder_lead_hours: 24,
        roll_rules: {
          points: { present: 2, late: 1, excused: 1, absent: 0 },
          lates_per_absence: 2,
          warning_at: 3,
          absence_limit: 4,
        },
        country: null,
        director_name: '',
        has_stamp: false,
        currency: null,
      },
      defaults: {
        academy_name: 'Bright English',
        time_zone: 'UTC',
        online_class_url: 'https://class.example.com/room',
        website_url: 'https://bright.example.com',
      },
    });
  });

  it('is for administrators only', async () => {
    expect((await t.call('getSettings', student.token, {})).statusCode).toBe(403);
    expect((await t.call('getSettings', undefined, {})).statusCode).toBe(401);
    expect((await save({ academy_name: 'Mine' }, student)).statusCode).toBe(403);
  });
});

describe('saving settings', () => {
  it('saves the name and links, which the branding calls and the manifest then answer', async () => {
    const res = await save({
      academy_name: '  Sunrise Language School ',
      online_class_url: 'https://meet.example.org/sunrise',
      website_url: 'http://sunrise.example.org',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Settings saved.' });
    expect((await t.call('appConfig', undefined, {})).json()).toEqual({
      academyName: 'Sunrise Language School',
      onlineClassUrl: 'https://meet.example.org/sunrise',
      websiteUrl: 'http://sunrise.example.org',
      timeZone: 'UTC',
      timeZoneConfirmed: false,
      quietHours: null,
      country: null,
      timeZoneFromEnvironment: false,
    });
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({
      name: 'Sunrise Language School',
      short_name: 'Sunrise',
    });
    expect(await settings()).toMatchObject({
      academy_name: 'Sunrise Language School',
      online_class_url: 'https://meet.example.org/sunrise',
      website_url: 'http://sunrise.example.org',
    });
  });

  it('keeps what a save does not name, and an empty link brings the default back', async () => {
    expect((await save({ website_url: '' })).statusCode).toBe(200);
    expect((await t.call('appConfig', undefined, {})).json()).toEqual({
      academyName: 'Sunrise Language School',
      onlineClassUrl: 'https://meet.example.org/sunrise',
      websiteUrl: 'https://bright.example.com',
      timeZone: 'UTC',
      timeZoneConfirmed: false,
      quietHours: null,
      country: null,
      timeZoneFromEnvironment: false,
    });
    expect((await settings()).website_url).toBe('');
  });

  it.each([
    [{ academy_name: '' }, 'Please enter the academy name.'],
    [{ academy_name: '   ' }, 'Please enter the academy name.'],
    [{ academy_name: 'x'.repeat(101) }, 'The academy name must be at most 100 characters.'],
    [{ time_zone: 'Mars/Olympus' }, 'Please choose a valid time zone, such as Europe/London.'],
    [{ time_zone: '../etc' }, 'Please choose a valid time zone, such as Europe/London.'],
    [
      { online_class_url: 'javascript:alert(1)' },
      'The online class link must start with http:// or https:// (or be left empty for the default).',
    ],
    [
      { website_url: 'ftp://files.example.com' },
      'The website link must start with http:// or https:// (or be left empty for the default).',
    ],
    [
      { use_default: 'favicon' },
      'The image to put back to the default must be logo, login_background or home_background.',
    ],
  ])('refuses %o with a clear 400', async (fields, message) => {
    const before = await settings();
    const res = await save(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await settings()).toEqual(before);
  });

  it('takes a time zone in any case and keeps its canonical spelling', async () => {
    expect((await save({ time_zone: 'europe/london' })).statusCode).toBe(200);
    expect((await settings()).time_zone).toBe('Europe/London');
  });

  it('counts the time zone as confirmed once one is saved, and says so to every screen', async () => {
    // Saving other settings (the name and links above) did not confirm it; saving a zone did.
    expect(await settings()).toMatchObject({ time_zone_confirmed: true });
    expect((await t.call('appConfig', undefined, {})).json()).toMatchObject({
      timeZone: 'Europe/London',
      timeZoneConfirmed: true,
    });
    // It stays confirmed: a later save of another zone or none keeps it.
    expect((await save({ academy_name: 'Sunrise Language School' })).statusCode).toBe(200);
    expect((await settings()).time_zone_confirmed).toBe(true);
  });
});

describe('quiet hours', () => {
  it('are saved in the academy’s time zone, answered to every screen, and turned off again', async () => {
    const res = await save({ quiet_hours_from: '22:00', quiet_hours_to: '07:00' });
    expect(res.statusCode).toBe(200);
    expect((await settings()).quiet_hours).toEqual({ from: '22:00', to: '07:00' });
    // Anyone's screen asks the public config: the popup plays no sound during them.
    const config = (await t.call('appConfig', undefined, {})).json();
    expect(config.quietHours).toEqual({ from: '22:00', to: '07:00' });
    expect(config.timeZone).toBe((await settings()).time_zone);
    // A save that does not name them keeps them.
    const link = (await settings()).online_class_url;
    expect((await save({ online_class_url: link })).statusCode).toBe(200);
    expect((await settings()).quiet_hours).toEqual({ from: '22:00', to: '07:00' });
    // Both empty: none.
    expect((await save({ quiet_hours_from: '', quiet_hours_to: '' })).statusCode).toBe(200);
    expect((await settings()).quiet_hours).toBeNull();
    expect((await t.call('appConfig', undefined, {})).json().quietHours).toBeNull();
  });

  it.each([
    [
      { quiet_hours_from: '22:00' },
      'Please set both the start and the end of the quiet hours, or neither.',
    ],
    [
      { quiet_hours_from: '22:00', quiet_hours_to: '' },
      'Please set both the start and the end of the quiet hours, or neither.',
    ],
    [
      { quiet_hours_from: '25:00', quiet_hours_to: '07:00' },
      'The quiet hours must be times, such as 22:00.',
    ],
    [
      { quiet_hours_from: '10pm', quiet_hours_to: '07:00' },
      'The quiet hours must be times, such as 22:00.',
    ],
    [
      { quiet_hours_from: '07:00', quiet_hours_to: '07:00' },
      'The quiet hours must end at a different time than they start.',
    ],
  ])('refuses %o with a clear 400 and changes nothing', async (fields, message) => {
    expect((await save({ quiet_hours_from: '13:00', quiet_hours_to: '14:00' })).statusCode).toBe(
      200,
    );
    const before = await settings();
    const res = await save({ academy_name: 'Not saved', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await settings()).toEqual(before);
  });
});

describe('the time zone', () => {
  it('is the academy’s day: a new card is due on the day of the saved zone', async () => {
    const addCard = () =>
      t
        .inject({
          method: 'POST',
          url: '/api/add_card.php',
          headers: bearer(student.token),
          payload: { user_id: student.id, front_text: 'sun', back_text: 'خورشید' },
        })
        .then((r) => r.json().card.next_review_date);
    expect((await save({ time_zone: 'UTC' })).statusCode).toBe(200);
    expect(await addCard()).toBe('2026-11-22');
    expect((await save({ time_zone: 'Asia/Tehran' })).statusCode).toBe(200);
    expect(await addCard()).toBe('2026-11-23');
    expect(t.app.deps.settings.current.timeZone).toBe('Asia/Tehran');
  });
});

describe('images', () => {
  it('serves an uploaded logo publicly from where logo.php points', async () => {
    const res = await save({ logo: { filename: 'logo.png', content: samples.png } });
    expect(res.statusCode).toBe(200);
    const url = await logoUrl();
    expect(url).toMatch(/^\/api\/branding\/logo\/\d+$/);
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(samples.png)).toBe(true);
    expect((await settings()).logo).toEqual({ url, is_custom: true });
  });

  it('takes JPEG and WebP backgrounds, each answered by its own call', async () => {
    const res = await save({
      login_background: { filename: 'login.jpg', content: samples.jpg },
      home_background: { filename: 'home.webp', content: webp },
    });
    expect(res.statusCode).toBe(200);
    const login = (await t.call('loginBackground', undefined, {})).json().backgroundUrl;
    const home = (await t.call('userBackground', undefined, {})).json().userbg_url;
    expect(login).toMatch(/^\/api\/branding\/login_background\/\d+$/);
    expect(home).toMatch(/^\/api\/branding\/home_background\/\d+$/);
    expect((await get(login)).headers['content-type']).toBe('image/jpeg');
    expect((await get(home)).headers['content-type']).toBe('image/webp');
  });

  it('replacing an image deletes the old one, whose address then answers 404', async () => {
    const old = await logoUrl();
    const res = await save({ logo: { filename: 'new.jpg', content: samples.jpg } });
    expect(res.statusCode).toBe(200);
    const now = await logoUrl();
    expect(now).not.toBe(old);
    expect((await get(old)).statusCode).toBe(404);
    expect((await storedFiles()).includes(Number(old.split('/').pop()))).toBe(false);
    expect((await get(now)).headers['content-type']).toBe('image/jpeg');
  });

  it('serves no stored file but the image in use, under its own image’s name', async () => {
    const logoId = Number((await logoUrl()).split('/').pop());
    expect((await get(`/api/branding/login_background/${logoId}`)).statusCode).toBe(404);
    expect((await get(`/api/branding/favicon/${logoId}`)).statusCode).toBe(404);
    expect((await get('/api/branding/logo/abc')).statusCode).toBe(404);
    // A student's uploaded work is a stored file too: it is never public by its id.
    const upload = await t.call('uploadAssignment', student.token, {
      user_id: String(student.id),
      subject: 'Homework',
      'files[]': { filename: 'work.png', content: samples.png },
    });
    expect(upload.statusCode).toBe(200);
    const ids = await storedFiles();
    const workId = Math.max(...ids);
    expect((await get(`/api/branding/logo/${workId}`)).statusCode).toBe(404);
  });

  it.each([
    ['a PDF', { filename: 'logo.png', content: samples.pdf }, 415],
    ['a program named .png', { filename: 'logo.png', content: samples.exe }, 415],
    [
      'an image over 5 MB',
      { filename: 'big.png', content: Buffer.concat([samples.png, Buffer.alloc(5_242_880)]) },
      413,
    ],
  ])('refuses %s for the logo and keeps the one in use', async (_, file, status) => {
    const before = await logoUrl();
    const files = await storedFiles();
    const res = await save({ logo: file, academy_name: 'Not saved' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(
      status === 415
        ? 'Only PNG, JPEG and WebP images are accepted.'
        : 'Each image must be at most 5 MB.',
    );
    expect(await logoUrl()).toBe(before);
    expect(await storedFiles()).toEqual(files);
    expect((await settings()).academy_name).toBe('Sunrise Language School');
  });

  it('refuses two logos at once, or a new logo with the default', async () => {
    const two = await save({
      logo: [
        { filename: 'a.png', content: samples.png },
        { filename: 'b.png', content: samples.png },
      ],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Please choose one logo image.');
    const both = await save({
      logo: { filename: 'a.png', content: samples.png },
      use_default: 'logo',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Choose a new logo image or the default one, not both.');
  });

  it('“Use the default” removes a custom image and its file', async () => {
    const files = await storedFiles();
    const old = await logoUrl();
    const res = await save({ use_default: ['logo', 'home_background'] });
    expect(res.statusCode).toBe(200);
    expect(await logoUrl()).toBe('/branding/logo.webp');
    expect((await t.call('userBackground', undefined, {})).json().userbg_url).toBe(
      '/branding/user-background.webp',
    );
    expect((await t.call('loginBackground', undefined, {})).json().backgroundUrl).toMatch(
      /^\/api\/branding\//,
    );
    expect((await get(old)).statusCode).toBe(404);
    expect((await storedFiles()).length).toBe(files.length - 2);
  });
});

describe('the audit log', () => {
  it('records a save with its payload, files as [file]', async () => {
    await save({
      academy_name: 'Audited Academy',
      logo: { filename: 'l.png', content: samples.png },
    });
    const res = await t.call('auditLog', admin.token, { action: 'saveSettings' });
    expect(res.statusCode).toBe(200);
    const entry = present(res.json().entries[0], 'the audit entry');
    expect(entry.action).toBe('saveSettings');
    expect(JSON.parse(entry.details)).toMatchObject({ academy_name: 'Audited Academy' });
  });
});
