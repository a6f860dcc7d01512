import { createHash } from 'node:crypto';
import { tooManyRequests } from '../http/errors.js';
import type { Warn } from '../warn.js';
import { ByteCache } from './byte-cache.js';
import { PdfLimits } from './pdf-limits.js';
import { type DrawnPdf, type PaperKind, PdfPool } from './pdf-pool.js';

/** The refusal when too many PDFs are on their way (issue 48's words). */
export const PDFS_BUSY = 'Many documents are being made right now. Try again in a minute.';
const BUSY_RETRY_MS = 60_000;

/** One person's PDFs on their way at once: a report card and a certificate, say. */
export const PDFS_PER_USER = 2;
/**
 * PDFs drawn or waiting, per thread: a class's 40 students asking for their report cards at
 * the moment the results are published all wait (a card is 50–150 ms of a thread), while the
 * longest wait stays well under a minute even if every place holds a class's 40-page PDF
 * (about a second each).
 */
export const PDFS_PER_THREAD = 32;
/**
 * The PDFs kept to serve again, per process: about 1,500 report cards of 22 kB. In memory,
 * not stored: a PDF is cheap to draw again after a restart, and a key made of what is drawn
 * (below) needs no invalidation: a changed result is another key, and the old entry is the
 * first to leave.
 */
export const PDF_CACHE_BYTES = 32 * 1024 * 1024;

/** What the pool is to this module (a fake in the unit tests). */
export type Drawer = Pick<PdfPool, 'draw' | 'close'>;

/**
 * Every PDF the app makes (report cards, certificates; receipts to come), drawn on the
 * pool's threads: the same PDF asked again is served from memory, and past the limits the
 * caller is refused in words (429) rather than queued without end.
 */
export class Pdfs {
  private readonly drawing = new Map<string, Promise<Buffer>>();
  /** PDFs handed to the threads so far: what the cache spared is not counted. */
  drawings = 0;

  constructor(
    private readonly pool: Drawer,
    readonly limits: PdfLimits,
    private readonly cache: ByteCache,
    private readonly onMissingFonts: (files: string[]) => void = () => {},
  ) {}

  /**
   * The PDF of `kind` from `input`, for `userId` (whose places it takes while on its way).
   * The caller checks first that the user may read what the input holds. A PDF is the same
   * as one made before when everything drawn on it is (`input` holds all of it: names,
   * dates, scores, the academy's name, an address), so that is its key, and a PDF is served
   * again until anything on it changes. Two asking for the same PDF at once share one drawing.
   */
  async make<Input>(kind: PaperKind<Input>, input: Input, userId: number): Promise<Buffer> {
    const key = createHash('sha256')
      .update(JSON.stringify([kind.module, kind.name, input]))
      .digest('base64url');
    const kept = this.cache.get(key);
    if (kept) return kept;
    const leave = this.limits.enter(userId);
    if (!leave) throw tooManyRequests(PDFS_BUSY, BUSY_RETRY_MS);
    try {
      let drawing = this.drawing.get(key);
      if (!drawing) {
        this.drawings += 1;
        drawing = this.pool
          .draw(kind, input)
          .then((drawn) => this.keep(key, drawn))
          .finally(() => this.drawing.delete(key));
        this.drawing.set(key, drawing);
      }
      return await drawing;
    } finally {
      leave();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private keep(key: string, drawn: DrawnPdf): Buffer {
    if (drawn.missingFonts.length > 0) this.onMissingFonts(drawn.missingFonts);
    const pdf = Buffer.from(drawn.pdf.buffer, drawn.pdf.byteOffset, drawn.pdf.byteLength);
    this.cache.set(key, pdf);
    return pdf;
  }
}

/** The app's PDFs: `threads` worker threads, the limits and the cache above. */
export function openPdfs(
  threads: number,
  warn: Warn,
  onMissingFonts: (files: string[]) => void,
): Pdfs {
  return new Pdfs(
    new PdfPool(threads, warn),
    new PdfLimits(PDFS_PER_USER, PDFS_PER_THREAD * threads),
    new ByteCache(PDF_CACHE_BYTES),
    onMissingFonts,
  );
}
