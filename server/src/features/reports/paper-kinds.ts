import { drawnPaper, type PaperInfo } from '../../pdf/paper.js';
import { paperKind } from '../../pdf/pdf-pool.js';
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

export const drawReportCards = ({ info, cards, stamp }: ReportCardsInput) =>
  drawnPaper(info, (paper) => {
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
  drawnPaper(info, (paper) => drawCertificate(paper, words));

export const REPORT_CARDS = paperKind(import.meta.url, { drawReportCards });
export const CERTIFICATE = paperKind(import.meta.url, { drawCertificatePaper });
