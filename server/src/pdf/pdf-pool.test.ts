import { afterEach, describe, expect, it } from 'vitest';
import { Gate, HELD } from '../test-support/held-paper.js';
import { PdfPool, PoolClosed } from './pdf-pool.js';

/**
 * The PDF threads (issue 48, point 2) on real worker threads, with a paper kind that holds
 * its thread until the test lets it go (test-support/held-paper.ts): what is asked while the
 * threads are held shows, in order, where the drawing runs and what waits.
 */
const warnings: unknown[] = [];
let pool: PdfPool;
afterEach(async () => {
  await pool?.close();
  warnings.length = 0;
});
const open = (threads: number) => {
  pool = new PdfPool(threads, (error) => warnings.push(error));
  return pool;
};
const text = (pdf: Uint8Array) => new TextDecoder().decode(pdf);

// A thread's first drawing starts it, and under the tests it reads TypeScript (source-loader.ts).
describe('the PDF threads', { timeout: 30_000 }, () => {
  it('draw beside the calling thread, which goes on while a drawing holds its thread', async () => {
    open(1);
    const gate = new Gate();
    const order: string[] = [];
    const drawn = pool.draw(HELD, gate.input()).then((d) => {
      order.push('pdf');
      return d;
    });
    await gate.whenStarted(1);
    // The held drawing blocks its thread synchronously: had it run here, this thread could
    // not go on until it ended (at most 15 s), and the PDF would come first.
    await new Promise((resolve) => setImmediate(resolve));
    order.push('this thread');
    gate.open();
    const { pdf, missingFonts } = await drawn;
    expect(order).toEqual(['this thread', 'pdf']);
    expect(text(pdf)).toMatch(/^%PDF-held \d+$/);
    expect(missingFonts).toEqual([]);
  });

  it('start no more threads than their number; the rest wait in order', async () => {
    open(2);
    const gate = new Gate();
    const order: string[] = [];
    const drawings = [1, 2, 3, 4].map((n) =>
      pool.draw(HELD, gate.input()).then(({ pdf }) => order.push(text(pdf))),
    );
    await gate.whenStarted(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Two threads, two held: the third and fourth have not started.
    expect(gate.started).toBe(2);
    gate.open();
    await Promise.all(drawings);
    expect(gate.started).toBe(4);
    expect(order).toHaveLength(4);
  });

  it('answer a drawing’s error as the drawing’s, and go on drawing', async () => {
    open(1);
    const gate = new Gate();
    gate.open();
    await expect(pool.draw(HELD, gate.input({ fail: true }))).rejects.toThrow(
      /^held paper \d+ failed$/,
    );
    expect(text((await pool.draw(HELD, gate.input())).pdf)).toMatch(/^%PDF-held \d+$/);
    await expect(
      pool.draw({ module: HELD.module, name: 'noSuchDrawing' }, gate.input()),
    ).rejects.toThrow(/draws no noSuchDrawing/);
    // What cannot be copied to a thread is refused here, and the thread stays free.
    await expect(pool.draw(HELD, { ...gate.input(), tag: (() => '') as never })).rejects.toThrow(
      /could not be cloned/,
    );
    expect(text((await pool.draw(HELD, gate.input())).pdf)).toMatch(/^%PDF-held \d+$/);
  });

  it('start another thread for what waits when one stops', async () => {
    open(1);
    const gate = new Gate();
    gate.open();
    const [ended, next] = await Promise.allSettled([
      pool.draw(HELD, gate.input({ exit: true })),
      pool.draw(HELD, gate.input()),
    ]);
    expect(ended).toMatchObject({
      status: 'rejected',
      reason: { message: 'The PDF thread stopped.' },
    });
    expect(next.status).toBe('fulfilled');
  });

  it('refuse what waits and stop their threads when closed', async () => {
    open(1);
    const gate = new Gate();
    const drawings = Promise.allSettled([
      pool.draw(HELD, gate.input()),
      pool.draw(HELD, gate.input()),
    ]);
    await gate.whenStarted(1);
    await pool.close();
    const [held, waiting] = await drawings;
    expect(held).toEqual({ status: 'rejected', reason: expect.any(PoolClosed) });
    expect(waiting).toEqual({ status: 'rejected', reason: expect.any(PoolClosed) });
    await expect(pool.draw(HELD, gate.input())).rejects.toBeInstanceOf(PoolClosed);
    expect(warnings).toEqual([]);
  });
});
