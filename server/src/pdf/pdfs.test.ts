import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { ByteCache } from './byte-cache.js';
import { PdfLimits } from './pdf-limits.js';
import type { DrawnPdf, PaperKind } from './pdf-pool.js';
import { type Drawer, PDFS_BUSY, Pdfs } from './pdfs.js';

/** A pool whose drawings finish when the test says, each its input's text as bytes. */
function fakePool() {
  const waiting: { input: string; finish: (missing?: string[]) => void; fail: () => void }[] = [];
  const pool: Drawer = {
    draw: <Input>(_kind: PaperKind<Input>, input: Input) =>
      new Promise<DrawnPdf>((resolve, reject) =>
        waiting.push({
          input: String(input),
          finish: (missingFonts = []) =>
            resolve({ pdf: new TextEncoder().encode(String(input)), missingFonts }),
          fail: () => reject(new Error('broken')),
        }),
      ),
    close: async () => {},
  };
  return { pool, waiting };
}

const KIND: PaperKind<string> = { module: 'file:///papers.js', name: 'drawText' };

function pdfsWith(perUser = 2, total = 10) {
  const { pool, waiting } = fakePool();
  const missing: string[][] = [];
  const pdfs = new Pdfs(pool, new PdfLimits(perUser, total), new ByteCache(1_000_000), (files) =>
    missing.push(files),
  );
  return { pdfs, waiting, missing };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the app’s PDFs', () => {
  it('draw a PDF once and serve it again while its words are the same', async () => {
    const { pdfs, waiting } = pdfsWith();
    const first = pdfs.make(KIND, 'card of Ayşe', 1);
    await settle();
    waiting.shift()?.finish();
    expect((await first).toString()).toBe('card of Ayşe');
    // Again, by anyone allowed to ask: from memory, no drawing.
    expect((await pdfs.make(KIND, 'card of Ayşe', 2)).toString()).toBe('card of Ayşe');
    expect(pdfs.drawings).toBe(1);
    // Other words (a changed score, a new name): another PDF.
    const changed = pdfs.make(KIND, 'card of Ayşe, changed', 1);
    await settle();
    waiting.shift()?.finish();
    expect((await changed).toString()).toBe('card of Ayşe, changed');
    expect(pdfs.drawings).toBe(2);
  });

  it('refuse a third PDF of one person’s on its way, in words, with Retry-After', async () => {
    const { pdfs, waiting } = pdfsWith();
    const two = [pdfs.make(KIND, 'one', 5), pdfs.make(KIND, 'two', 5)];
    const third = pdfs.make(KIND, 'three', 5);
    await expect(third).rejects.toBeInstanceOf(HttpError);
    const refusal = (await third.catch((e) => e)) as HttpError;
    expect(refusal.statusCode).toBe(429);
    expect(refusal.message).toBe(PDFS_BUSY);
    expect(refusal.message).toBe('Many documents are being made right now. Try again in a minute.');
    expect(refusal.headers).toEqual({ 'retry-after': '60' });
    // Someone else's is drawn meanwhile.
    const other = pdfs.make(KIND, 'other', 6);
    await settle();
    for (const drawing of waiting.splice(0)) drawing.finish();
    await Promise.all([...two, other]);
    // Once done, the person may ask again.
    const again = pdfs.make(KIND, 'four', 5);
    await settle();
    waiting.shift()?.finish();
    expect((await again).toString()).toBe('four');
  });

  it('refuse anyone past the total, and serve what is kept even then', async () => {
    const { pdfs, waiting } = pdfsWith(2, 2);
    const kept = pdfs.make(KIND, 'kept', 1);
    await settle();
    waiting.shift()?.finish();
    await kept;
    const full = [pdfs.make(KIND, 'a', 1), pdfs.make(KIND, 'b', 2)];
    await expect(pdfs.make(KIND, 'c', 3)).rejects.toMatchObject({ statusCode: 429 });
    expect((await pdfs.make(KIND, 'kept', 3)).toString()).toBe('kept');
    await settle();
    for (const drawing of waiting.splice(0)) drawing.finish();
    await Promise.all(full);
  });

  it('share one drawing between two asking for the same PDF at once', async () => {
    const { pdfs, waiting } = pdfsWith();
    const both = [pdfs.make(KIND, 'class cards', 1), pdfs.make(KIND, 'class cards', 2)];
    await settle();
    expect(waiting).toHaveLength(1);
    waiting.shift()?.finish();
    const [a, b] = await Promise.all(both);
    expect(a).toBe(b);
    expect(pdfs.drawings).toBe(1);
  });

  it('give the places back when a drawing fails, and keep nothing of it', async () => {
    const { pdfs, waiting } = pdfsWith(1, 1);
    const broken = pdfs.make(KIND, 'broken', 1);
    await settle();
    waiting.shift()?.fail();
    await expect(broken).rejects.toThrow('broken');
    expect(pdfs.limits.inFlight).toBe(0);
    const again = pdfs.make(KIND, 'broken', 1);
    await settle();
    expect(waiting).toHaveLength(1);
    waiting.shift()?.finish();
    await again;
  });

  it('tell of missing fonts when a PDF is drawn, not when it is served again', async () => {
    const { pdfs, waiting, missing } = pdfsWith();
    const first = pdfs.make(KIND, 'card', 1);
    await settle();
    waiting.shift()?.finish(['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf']);
    await first;
    await pdfs.make(KIND, 'card', 1);
    expect(missing).toEqual([['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf']]);
  });
});
