import PDFDocument from 'pdfkit';
import { type Face, type PaperFonts, paperFonts, type Weight } from './paper-fonts.js';
import type { DrawnPdf } from './pdf-pool.js';
import { textRuns } from './text-runs.js';

/**
 * A PDF being drawn (pdfkit), for every paper the app prints (report cards, certificates,
 * receipts), with text that takes any script: each line is split into runs by
 * the font that has its characters and by direction (text-runs.ts), each run laid out whole
 * (pdfkit's `features` option makes fontkit shape the run at once, so Arabic joins and reads
 * right to left), and a line too long for its room is set smaller rather than cut or wrapped.
 */

export const A4 = { width: 595.28, height: 841.89 };

export interface LineOptions {
  size: number;
  weight?: Weight;
  /** Where the line sits within [x, x + width]. */
  align?: 'left' | 'center' | 'right';
  /** The room the line has; a longer line is set smaller, down to 60 % of its size. */
  width: number;
  color?: string;
}

/** Shapes each run whole: pdfkit lays out word by word without it, which breaks Arabic. */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

export class Paper {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly faces: Record<Weight, Face[]>,
  ) {
    for (const weight of ['regular', 'bold'] as const)
      for (const face of faces[weight])
        if (typeof face.source !== 'string') doc.registerFont(fontId(weight, face), face.source);
  }

  private runs(text: string, weight: Weight) {
    const faces = this.faces[weight];
    return textRuns(text, faces).map((run) => {
      const face = faces.find((f) => f.name === run.font) as Face;
      return { text: run.text, font: fontId(weight, face) };
    });
  }

  /** How wide a line is at a size. */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    let width = 0;
    for (const run of this.runs(text, weight))
      width += this.doc.font(run.font).fontSize(size).widthOfString(run.text, WHOLE_RUN);
    return width;
  }

  /** One line of text whose top is at y. */
  line(text: string, x: number, y: number, options: LineOptions): void {
    const weight = options.weight ?? 'regular';
    const clean = text.replace(/\s+/g, ' ').trim();
    let size = options.size;
    let width = this.width(clean, size, weight);
    if (width > options.width) {
      size = Math.max(options.size * 0.6, (options.size * options.width) / width);
      width = this.width(clean, size, weight);
    }
    const align = options.align ?? 'left';
    let at =
      align === 'left'
        ? x
        : align === 'right'
          ? x + options.width - width
          : x + (options.width - width) / 2;
    // The baseline stays where the full size would put it, whatever size the line is set at.
    const top = y + (options.size - size) * 0.8;
    this.doc.fillColor(options.color ?? '#111111');
    for (const run of this.runs(clean, weight)) {
      this.doc.font(run.font).fontSize(size);
      this.doc.text(run.text, at, top, { ...WHOLE_RUN, lineBreak: false });
      at += this.doc.widthOfString(run.text, WHOLE_RUN);
    }
  }

  rule(x: number, y: number, width: number, color = '#cccccc'): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke();
  }
}

/** How a face is registered in a document: by weight and name, or the PDF's own font's name. */
const fontId = (weight: Weight, face: Face) =>
  typeof face.source === 'string' ? face.source : `${weight}-${face.name}`;

/** What a PDF says about itself (its title shows in a viewer's window). */
export interface PaperInfo {
  title: string;
  author: string;
}

/**
 * Draws a PDF and answers its bytes. `draw` adds its own pages (A4 portrait or landscape); the
 * fonts are read once a thread (each of the PDF threads at its first PDF: paper-kinds.ts,
 * pdf/pdf-pool.ts) and each document embeds only the glyphs it uses.
 */
export async function makePdf(
  info: PaperInfo,
  draw: (paper: Paper) => void,
  onMissingFonts?: (files: string[]) => void,
): Promise<Buffer> {
  const fonts: PaperFonts = await paperFonts();
  if (fonts.missing.length > 0) onMissingFonts?.(fonts.missing);
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: info.title, Author: info.author, Creator: info.author },
    displayTitle: true,
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new Paper(doc, fonts.faces));
  doc.end();
  return done;
}

/**
 * Makes a PDF as a paper kind's drawing answers it on a PDF thread (pdf-pool.ts): the bytes,
 * and the font files it looked for and missed, to be logged on the request's side.
 */
export async function drawnPaper(info: PaperInfo, draw: (paper: Paper) => void): Promise<DrawnPdf> {
  let missingFonts: string[] = [];
  const pdf = await makePdf(info, draw, (files) => {
    missingFonts = files;
  });
  return { pdf, missingFonts };
}
