import { type DrawnPdf, paperKind } from '../pdf/pdf-pool.js';

/**
 * A paper kind that holds its PDF thread until the test lets it go (issue 48, point 2): the
 * tests fill the threads and the queue with it and see what happens to the PDFs asked then,
 * in order, with no timing. It holds the thread as drawing does, synchronously: were it run
 * on the request thread, nothing else would be answered until it ended.
 */
export interface HeldInput {
  /** A Gate's buffer: shared between the test's thread and the worker's, not copied. */
  gate: SharedArrayBuffer;
  /** Tells held PDFs apart (each is its own PDF, not one shared drawing). */
  tag: string;
  /** Lets go by itself after this long, so a test that breaks does not hang. */
  mostMs: number;
  /** Throws instead of answering a PDF. */
  fail?: boolean;
  /** Ends its thread instead (as a crash or running out of memory would). */
  exit?: boolean;
}

const STARTED = 0;
const OPEN = 1;

export async function holdThread(input: HeldInput): Promise<DrawnPdf> {
  const { gate, mostMs, fail, exit, tag } = input;
  const flags = new Int32Array(gate);
  Atomics.add(flags, STARTED, 1);
  Atomics.notify(flags, STARTED);
  Atomics.wait(flags, OPEN, 0, mostMs);
  if (exit) process.exit(1);
  if (fail) throw new Error(`held paper ${tag} failed`);
  return { pdf: new TextEncoder().encode(`%PDF-held ${tag}`), missingFonts: [] };
}

export const HELD = paperKind(import.meta.url, { holdThread });

/** Held PDFs asked in this test file: each is another PDF, never one served again. */
let asked = 0;

/** The test's side: how many held PDFs have started, and letting them all go. */
export class Gate {
  readonly buffer = new SharedArrayBuffer(8);
  private readonly flags = new Int32Array(this.buffer);

  /** The input of the next held PDF. */
  input(options: { mostMs?: number; fail?: boolean; exit?: boolean } = {}): HeldInput {
    asked += 1;
    return { gate: this.buffer, tag: String(asked), mostMs: 15_000, ...options };
  }

  get started(): number {
    return Atomics.load(this.flags, STARTED);
  }

  /** Resolves once `count` held PDFs are on their threads (looked at every 5 ms). */
  async whenStarted(count: number): Promise<void> {
    for (let waited = 0; this.started < count; waited += 5) {
      if (waited > 15_000) throw new Error(`${this.started} of ${count} held PDFs started`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  open(): void {
    Atomics.store(this.flags, OPEN, 1);
    Atomics.notify(this.flags, OPEN);
  }
}
