import fs from 'node:fs/promises';
import { create as openFont } from 'fontkit';
import type { RunFont } from './text-runs.js';

/**
 * The fonts the app's papers embed: report cards, certificates, receipts (issue 30, point 5;
 * docs/decisions.md, "Report cards and certificates"): DejaVu Sans (Debian's
 * fonts-dejavu-core: Latin with every Turkish letter, Greek, Cyrillic, Arabic, Hebrew) and, for
 * Chinese, Japanese and Korean names, Droid Sans Fallback (fonts-droid-fallback). .ci/run
 * installs both; a server without them still makes its PDFs, in the PDF's own Helvetica, which
 * draws Western European letters only (a warning says so once).
 */
export const PAPER_FONT_FILES = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  cjk: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
} as const;

export type Weight = 'regular' | 'bold';

/** A face to register in a document: a font file's bytes, or one of the PDF's own fonts. */
export interface Face extends RunFont {
  source: Buffer | string;
}

export interface PaperFonts {
  /** For each weight, the faces in the order a character looks for its glyph. */
  faces: Record<Weight, Face[]>;
  /** The files that were not there (the warning names them). */
  missing: string[];
}

/** What the PDF's own Helvetica draws: WinAnsi, Western European letters. */
const winAnsi = (codePoint: number) => codePoint < 0x250;

async function face(name: string, file: string): Promise<Face | null> {
  try {
    const bytes = await fs.readFile(file);
    const font = openFont(bytes);
    if (!('hasGlyphForCodePoint' in font)) return null;
    return { name, source: bytes, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  } catch {
    return null;
  }
}

let loading: Promise<PaperFonts> | undefined;

/**
 * The fonts, read once a thread (the files are a few megabytes; every PDF embeds a subset):
 * PDFs are drawn on the PDF threads (pdf/pdf-pool.ts), each of which reads them at its first.
 */
export function paperFonts(): Promise<PaperFonts> {
  loading ??= (async () => {
    const [regular, bold, cjk] = await Promise.all([
      face('regular', PAPER_FONT_FILES.regular),
      face('bold', PAPER_FONT_FILES.bold),
      face('cjk', PAPER_FONT_FILES.cjk),
    ]);
    const missing = Object.entries({ regular, bold, cjk })
      .filter(([, found]) => !found)
      .map(([key]) => PAPER_FONT_FILES[key as keyof typeof PAPER_FONT_FILES]);
    const helvetica = (name: string, builtIn: string): Face => ({
      name,
      source: builtIn,
      has: winAnsi,
    });
    const extra = cjk ? [cjk] : [];
    return {
      faces: {
        regular: [regular ?? helvetica('regular', 'Helvetica'), ...extra],
        bold: [bold ?? regular ?? helvetica('bold', 'Helvetica-Bold'), ...extra],
      },
      missing,
    };
  })();
  return loading;
}
