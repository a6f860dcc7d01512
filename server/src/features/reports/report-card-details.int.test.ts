import { execFileSync } from 'node:child_process';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4 } from '../../pdf/paper.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { pdfText } from '../../test-support/pdf.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 49, point 12: a report card a school can hand out: the date, the teacher's and the
 * director's names over signature lines, the academy's stamp (set on Settings: a PNG or JPEG,
 * checked by its content), "Fail" set apart in words, and a QR code of the certificate's
 * public check when the result has a certificate.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let classId: number;
let termId: number;
let key: string;
const students: Record<string, TestUser> = {};

const ok = <T extends { statusCode: number; body: string }>(res: T): T => {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res;
};
const bytesOf = (res: { rawPayload?: Buffer }) => res.rawPayload ?? Buffer.alloc(0);

beforeAll(async () => {
  // The harness's clock: 2026-11-22, noon UTC.
  t = await createTestApp();
  admin = await t.admin({ name: 'Card Office' });
  teacher = await t.teacher({ name: 'Sara Teacher' });
  ok(await t.call('saveSettings', admin.token, { academy_name: 'Bright Academy' }));
  termId = ok(
    await t.call('saveTerm', admin.token, {
      name: 'Autumn 2026',
      first_day: '2026-09-01',
      last_day: '2027-01-31',
    }),
  ).json().id;
  classId = ok(await t.call('createClass', admin.token, { name: 'Card Class' })).json().class_id;
  ok(
    await t.call('setClassTeachers', admin.token, { class_id: classId, teacher_ids: [teacher.id] }),
  );
  for (const name of ['Pass Parisa', 'Fail Farid'])
    students[name] = await t.student({ name, username: name.toLowerCase().replace(' ', '.') });
  ok(
    await t.call('addClassStudents', admin.token, {
      class_id: classId,
      user_ids: Object.values(students).map((s) => s.id),
    }),
  );
  ok(
    await t.call('saveResultScheme', admin.token, {
      class_id: classId,
      components: [{ name: 'Exam', weight: 100, source: 'typed', final: false }],
    }),
  );
  key = (await t.call('getResultScheme', admin.token, { class_id: classId })).json().components[0]
    ?.key as string;
  ok(
    await t.call('saveResultScores', admin.token, {
      class_id: classId,
      term_id: termId,
      scores: [
        { student_id: (students['Pass Parisa'] as TestUser).id, component_key: key, score: '90' },
        { student_id: (students['Fail Farid'] as TestUser).id, component_key: key, score: '40' },
      ],
    }),
  );
  ok(await t.call('publishResults', admin.token, { class_id: classId, term_id: termId }));
});
afterAll(() => t.close());

async function resultOf(name: string) {
  const student = students[name] as TestUser;
  const [result] = (await t.call('getResults', student.token, { user_id: student.id })).json()
    .results;
  if (!result) throw new Error(`${name} has no result`);
  return { id: result.id, code: result.certificate_code, student };
}

async function cardOf(name: string) {
  const { id, student } = await resultOf(name);
  const res = await t.call('getReportCard', student.token, { result_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return bytesOf(res);
}

/** The link the PDF's QR code carries (its link annotation), if any. */
const linkIn = (pdf: Buffer) => /\/URI \(([^)]*)\)/.exec(pdf.toString('latin1'))?.[1] ?? null;

let hasPdfToPpm: boolean | undefined;

/**
 * The QR code's squares as printed, read back from the page drawn at 4 pixels a point
 * (poppler's pdftoppm, as a grey PGM), one sample in the middle of each module; null where this
 * machine has no pdftoppm.
 */
function printedModules(pdf: Buffer, at: { x: number; y: number; size: number }, count: number) {
  if (hasPdfToPpm === undefined) {
    try {
      execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
      hasPdfToPpm = true;
    } catch {
      hasPdfToPpm = false;
    }
  }
  if (!hasPdfToPpm) return null;
  const scale = 4;
  const pgm = execFileSync('pdftoppm', ['-r', String(72 * scale), '-gray', '-f', '1', '-l', '1'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  // P5 <width> <height> <max> then the pixels, a byte each.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not answer a PGM');
  const width = Number(header[1]);
  const pixels = pgm.subarray(header[0].length);
  const cell = at.size / count;
  const rows: boolean[][] = [];
  for (let row = 0; row < count; row++) {
    const line: boolean[] = [];
    for (let column = 0; column < count; column++) {
      const px = Math.round((at.x + (column + 0.5) * cell) * scale);
      const py = Math.round((at.y + (row + 0.5) * cell) * scale);
      line.push((pixels[py * width + px] ?? 255) < 128);
    }
    rows.push(line);
  }
  return rows;
}

describe('the director and the stamp on Settings', () => {
  it('saves the director’s name and a PNG stamp, and refuses a stamp that is no image', async () => {
    const refused = await t.call('saveSettings', admin.token, {
      stamp: { filename: 'stamp.png', content: samples.exe, type: 'image/png' },
    });
    expect(refused.statusCode).toBe(415);
    const tooBig = await t.call('saveSettings', admin.token, {
      stamp: {
        filename: 'stamp.png',
        content: Buffer.concat([samples.png, Buffer.alloc(1_100_000)]),
        type: 'image/png',
      },
    });
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().message).toBe('The stamp image must be at most 1 MB.');
    const both = await t.call('saveSettings', admin.token, {
      remove_stamp: 'true',
      stamp: { filename: 'stamp.png', content: samples.png, type: 'image/png' },
    });
    expect(both.statusCode).toBe(400);
    let settings = (await t.call('getSettings', admin.token, {})).json().settings;
    expect([settings.director_name, settings.has_stamp]).toEqual(['', false]);

    ok(
      await t.call('saveSettings', admin.token, {
        director_name: '  Dr. Parisa Rahimi ',
        stamp: { filename: 'stamp.png', content: samples.png, type: 'image/png' },
      }),
    );
    settings = (await t.call('getSettings', admin.token, {})).json().settings;
    expect([settings.director_name, settings.has_stamp]).toEqual(['Dr. Parisa Rahimi', true]);
    // A teacher or a student may not set them.
    for (const who of [teacher, students['Pass Parisa'] as TestUser])
      expect(
        (await t.call('saveSettings', who.token, { director_name: 'Someone Else' })).statusCode,
      ).toBe(403);
  });
});

describe('a report card to hand out', () => {
  it('has the date, the teacher’s and director’s names over signature lines, and the stamp', async () => {
    const pdf = await cardOf('Pass Parisa');
    const text = pdfText(pdf);
    if (text !== null)
      for (const words of [
        'Date: November 22, 2026',
        'Sara Teacher',
        'Teacher’s signature',
        'Dr. Parisa Rahimi',
        'Director’s signature',
        'Pass',
      ])
        expect(text).toContain(words);
    // The stamp is an image on the page.
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('prints a QR code of the certificate’s public check when the result has one', async () => {
    const { code } = await resultOf('Pass Parisa');
    expect(code).not.toBeNull();
    const pdf = await cardOf('Pass Parisa');
    const url = linkIn(pdf);
    expect(url).toMatch(new RegExp(`^https?://[^/]+/verify/${code}$`));
    // The squares printed are the QR code of that address.
    const expected = QRCode.create(url as string, { errorCorrectionLevel: 'M' }).modules;
    const left = 56;
    const size = 64;
    const printed = printedModules(
      pdf,
      { x: A4.width - left - size, y: A4.height - 56 - size, size },
      expected.size,
    );
    if (printed !== null)
      for (let row = 0; row < expected.size; row++)
        for (let column = 0; column < expected.size; column++)
          expect(printed[row]?.[column], `module ${row},${column}`).toBe(
            Boolean(expected.get(row, column)),
          );
  });

  it('sets a fail apart in words, with no QR code', async () => {
    const pdf = await cardOf('Fail Farid');
    const text = pdfText(pdf);
    if (text !== null) expect(text).toContain('Fail: not passed');
    expect(linkIn(pdf)).toBeNull();
  });

  it('is drawn again when the director or the stamp changes', async () => {
    ok(await t.call('saveSettings', admin.token, { director_name: 'Mr. Kaveh Amini' }));
    let pdf = await cardOf('Pass Parisa');
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain('Mr. Kaveh Amini');
      expect(text).not.toContain('Dr. Parisa Rahimi');
    }
    ok(await t.call('saveSettings', admin.token, { remove_stamp: 'true', director_name: '' }));
    expect((await t.call('getSettings', admin.token, {})).json().settings.has_stamp).toBe(false);
    pdf = await cardOf('Pass Parisa');
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
    if (pdfText(pdf) !== null) expect(pdfText(pdf)).not.toContain('Mr. Kaveh Amini');
  });
});

describe('the student’s Results tile', () => {
  it('counts new results as the other tiles count theirs, until Results is opened', async () => {
    const student = students['Fail Farid'] as TestUser;
    const news = async () =>
      (await t.call('getFeedbackNews', student.token, { user_id: student.id })).json();
    expect((await news()).results).toBe(1);
    ok(await t.call('markFeedbackOpened', student.token, { screen: 'results' }));
    expect(await news()).toMatchObject({ results: 0, assignment_results: 0 });
    // A result published again (changed) is news again.
    t.clock.now += 86_400_000;
    ok(
      await t.call('saveResultScores', admin.token, {
        class_id: classId,
        term_id: termId,
        scores: [{ student_id: student.id, component_key: key, score: '45' }],
      }),
    );
    ok(await t.call('publishResults', admin.token, { class_id: classId, term_id: termId }));
    expect((await news()).results).toBe(1);
  });
});
