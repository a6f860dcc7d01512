import { type DrawnPdf, paperKind } from '../../pdf/pdf-pool.js';
import { makePdf, type PaperInfo } from './paper.js';
import { drawCertificate, drawReportCard, type OpenedImage, openImage } from './paper-layouts.js';
import type { CertificateWords, ReportCardWords } from './paper-words.js';

/**
 * The papers this feature draws, as the PDF threads run them (pdf/pdf-pool.ts): a worker
 * imports this module and calls the export a kind names with plain data, the words the
 * handler made from the database (paper-words.ts), so nothing here reads the database or
 * the request.
 */

/** Report cards, a page each: one student's, or a class's. */
export interface ReportCardsInput {
  info: PaperInfo;
  cards: ReportCardWords[];
  /**
   * The academy's stamp (a PNG or JPEG, base64), drawn on every card; null: none. Its bytes are
   * part of the input, so a new stamp is a new PDF in the cache (pdf/pdfs.ts keys by input).
   */
  stamp: string | null;
}

export interface CertificateInput {
  info: PaperInfo;
  words: CertificateWords;
}

/** Makes a PDF and says which font files were missing, to be logged on the request's side. */
async function drawn(info: PaperInfo, draw: Parameters<typeof makePdf>[1]): Promise<DrawnPdf> {
  let missingFonts: string[] = [];
  const pdf = await makePdf(info, draw, (files) => {
    missingFonts = files;
  });
  return { pdf, missingFonts };
}

export const drawReportCards = ({ info, cards, stamp }: ReportCardsInput) =>
  drawn(info, (paper) => {
    // Opened once, so a class's 40 cards hold the image once.
    let image: OpenedImage | null = null;
    try {
      image = stamp ? openImage(paper.doc, Buffer.from(stamp, 'base64')) : null;
    } catch {
      // A stamp pdfkit cannot read (it was checked as a PNG or JPEG on upload) is left off.
      image = null;
    }
    for (const card of cards) drawReportCard(paper, card, image);
  });

export const drawCertificatePaper = ({ info, words }: CertificateInput) =>
  drawn(info, (paper) => drawCertificate(paper, words));

export const REPORT_CARDS = paperKind(import.meta.url, { drawReportCards });
export const CERTIFICATE = paperKind(import.meta.url, { drawCertificatePaper });
