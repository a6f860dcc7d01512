import { Worker } from 'node:worker_threads';
import type { Warn } from '../warn.js';
import { type SourceLoader, sourceLoader } from './source-loader.js';

/**
 * The threads that draw PDFs (issue 48, point 2). Drawing a PDF is synchronous work (pdfkit
 * lays out and subsets fonts): a report card takes 50–150 ms of CPU, a class's 40 cards about
 * a second, and on the thread that answers requests every other request waited for it (40 of
 * a student's own report card at once held logins up for 19 s). Here each PDF is drawn on one
 * of a few worker threads, and the request thread only waits for the bytes.
 *
 * What a thread draws is named by a paper kind: a module's file and the name of its export
 * that draws (`paperKind`), so the pool, below the features, imports none of them; the
 * worker imports the module the first time it draws that kind. Its input must be
 * structured-clonable (plain data: the words to print, not a database row with methods).
 */

/** What a paper kind's drawing answers: the PDF, and font files it looked for and missed. */
export interface DrawnPdf {
  pdf: Uint8Array;
  missingFonts: string[];
}

/** A kind of paper: the module (a file URL) and the export that draws it from `Input`. */
export interface PaperKind<Input> {
  readonly module: string;
  readonly name: string;
  /** Only for the type: what the drawing takes. */
  readonly input?: Input;
}

/**
 * A paper kind of the module at `moduleUrl` (its own `import.meta.url`), by its drawing
 * export, given as `{ drawReportCards }` so the name and the input's type come from it.
 */
export function paperKind<Input>(
  moduleUrl: string,
  drawing: Record<string, (input: Input) => Promise<DrawnPdf>>,
): PaperKind<Input> {
  const [name, ...more] = Object.keys(drawing);
  if (name === undefined || more.length > 0) throw new Error('A paper kind names one drawing.');
  return { module: moduleUrl, name };
}

/**
 * A worker's code, given as a script (as the WAL checkpointer's, db/sqlite-checkpointer.ts),
 * so the same text runs under the built server and the tests' TypeScript. It lowers its own
 * thread's priority first: on Linux `os.setPriority` from a thread changes that thread only,
 * so a burst of PDFs takes the CPU that requests leave, rather than a share beside them.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  require('node:os').setPriority(workerData.niceness);
} catch {}
if (workerData.loader)
  require('node:module').register(workerData.loader.hooks, { data: workerData.loader.data });
const modules = new Map();
function drawingOf(module, name) {
  let loading = modules.get(module);
  if (!loading) {
    loading = import(module);
    loading.catch(() => modules.delete(module));
    modules.set(module, loading);
  }
  return loading.then((loaded) => {
    if (typeof loaded[name] !== 'function') throw new Error(module + ' draws no ' + name);
    return loaded[name];
  });
}
parentPort.on('message', async ({ module, name, input }) => {
  try {
    const draw = await drawingOf(module, name);
    const { pdf, missingFonts } = await draw(input);
    // Handed over, not copied; a view into a larger buffer is copied out of it first.
    const whole =
      pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);
    parentPort.postMessage({ pdf: whole, missingFonts }, [whole.buffer]);
  } catch (error) {
    try {
      parentPort.postMessage({ error });
    } catch {
      parentPort.postMessage({ error: new Error(String(error)) });
    }
  }
});
`;

/** A worker thread's nice value: below the request thread's 0 (Linux: 19 is the lowest). */
const NICENESS = 10;

/**
 * A worker's heap is bounded, so one runaway drawing (a class of thousands) ends its worker,
 * and its request answers 500, rather than the whole server running out of memory.
 */
const WORKER_HEAP_MB = 256;

interface Job {
  kind: PaperKind<unknown>;
  input: unknown;
  resolve: (drawn: DrawnPdf) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

export class PoolClosed extends Error {
  constructor() {
    super('The server is stopping: the PDF was not drawn.');
  }
}

/**
 * Up to `size` worker threads, started as the first PDFs ask for them and kept (each has read
 * its fonts once); PDFs beyond them wait in order. How many may wait is bounded by the caller
 * (pdfs.ts), which knows who asks.
 */
export class PdfPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private readonly loader: SourceLoader | undefined;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly warn: Warn,
  ) {
    // Running from the TypeScript sources (the tests): the workers import them through hooks.
    this.loader = import.meta.url.endsWith('.ts') ? sourceLoader() : undefined;
  }

  /** Draws a PDF of `kind` on a worker thread. */
  draw<Input>(kind: PaperKind<Input>, input: Input): Promise<DrawnPdf> {
    if (this.closed) return Promise.reject(new PoolClosed());
    return new Promise<DrawnPdf>((resolve, reject) => {
      this.queue.push({ kind, input, resolve, reject });
      this.next();
    });
  }

  /** Stops the threads; a PDF being drawn or waiting is refused (PoolClosed). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PoolClosed());
    await Promise.all([...this.threads].map((thread) => thread.worker.terminate()));
  }

  private next(): void {
    while (this.queue.length > 0) {
      const thread =
        [...this.threads].find((t) => t.job === null) ??
        (this.threads.size < this.size ? this.start() : undefined);
      if (!thread) return;
      const job = this.queue.shift() as Job;
      try {
        thread.worker.postMessage({
          module: job.kind.module,
          name: job.kind.name,
          input: job.input,
        });
      } catch (error) {
        // An input that cannot be copied to a thread (a function, say) is the caller's error.
        job.reject(error);
        continue;
      }
      thread.job = job;
      // A thread holds the process open only while it draws: an idle pool never keeps a
      // stopping server (or a test run) waiting.
      thread.worker.ref();
    }
  }

  private start(): Thread {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { niceness: NICENESS, loader: this.loader },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const thread: Thread = { worker, job: null };
    this.threads.add(thread);
    worker.unref();
    worker.on('message', (answer: Partial<DrawnPdf> & { error?: unknown }) => {
      const job = thread.job;
      thread.job = null;
      worker.unref();
      if (answer.error !== undefined) job?.reject(answer.error);
      else job?.resolve({ pdf: answer.pdf as Uint8Array, missingFonts: answer.missingFonts ?? [] });
      this.next();
    });
    let failure: unknown;
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      this.threads.delete(thread);
      if (this.closed) thread.job?.reject(new PoolClosed());
      else {
        failure ??= new Error('The PDF thread stopped.');
        this.warn(failure, `a PDF thread stopped (exit code ${code})`);
        thread.job?.reject(failure);
      }
      thread.job = null;
      // Another thread takes its place for what waits.
      if (!this.closed) this.next();
    });
    return thread;
  }
}
