import QRCode from 'qrcode';
import { A4, type Paper } from '../../pdf/paper.js';
import type { CertificateWords, ReportCardWords } from './paper-words.js';

/**
 * How a report card (A4 portrait, one page) and a certificate (A4 landscape) are laid out. A
 * scheme has at most ten components (contract/src/results.ts), so a report card always fits
 * its page; a line too long for its room is set smaller (paper.ts).
 */

const INK = '#111111';
const GREY = '#5f6368';
const ACCENT = '#1a56db';

/**
 * An image opened once a document (pdfkit's openImage, which its types leave out), drawn on
 * every page that shows it: the document holds its bytes once.
 */
export interface OpenedImage {
  width: number;
  height: number;
}

export function openImage(doc: PDFKit.PDFDocument, bytes: Buffer): OpenedImage {
  return (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
}

export function drawReportCard(
  paper: Paper,
  words: ReportCardWords,
  stamp: OpenedImage | null = null,
): void {
  const { doc } = paper;
  doc.addPage({ size: 'A4', layout: 'portrait', margin: 0 });
  const left = 56;
  const width = A4.width - 2 * left;
  let y = 52;

  paper.line(words.academy, left, y, { size: 20, weight: 'bold', width, color: ACCENT });
  y += 30;
  paper.line(words.title, left, y, { size: 13, width, color: GREY });
  y += 26;
  paper.rule(left, y, width, ACCENT);
  y += 18;

  for (const [label, value] of words.facts) {
    paper.line(label, left, y + 2, { size: 10, width: 90, color: GREY });
    const isName = label === 'Student';
    paper.line(value, left + 96, y, {
      size: isName ? 15 : 12,
      weight: isName ? 'bold' : 'regular',
      width: width - 96,
    });
    y += isName ? 26 : 21;
  }

  y += 14;
  const nameWidth = 250;
  const weightX = left + nameWidth + 10;
  const weightWidth = 60;
  const scoreX = weightX + weightWidth + 10;
  const scoreWidth = left + width - scoreX;
  paper.line('Component', left, y, { size: 10, weight: 'bold', width: nameWidth, color: GREY });
  paper.line('Weight', weightX, y, {
    size: 10,
    weight: 'bold',
    width: weightWidth,
    align: 'right',
    color: GREY,
  });
  paper.line('Score', scoreX, y, {
    size: 10,
    weight: 'bold',
    width: scoreWidth,
    align: 'right',
    color: GREY,
  });
  y += 16;
  paper.rule(left, y, width);
  y += 8;
  for (const component of words.components) {
    paper.line(component.name, left, y, { size: 12, width: nameWidth });
    paper.line(component.weight, weightX, y, { size: 12, width: weightWidth, align: 'right' });
    paper.line(component.score, scoreX, y, { size: 12, width: scoreWidth, align: 'right' });
    y += 22;
  }
  paper.rule(left, y, width);
  y += 10;
  paper.line('Total', left, y, { size: 13, weight: 'bold', width: nameWidth });
  paper.line(words.total, scoreX, y, {
    size: 13,
    weight: 'bold',
    width: scoreWidth,
    align: 'right',
  });
  y += 24;
  paper.line('Outcome', left, y, { size: 13, weight: 'bold', width: nameWidth });
  // A fail stands apart by its words, its weight and a box, not by colour alone: a card
  // copied in grey still says it (issue 49, point 12). Other outcomes are set regular.
  if (words.failed)
    doc
      .rect(left - 6, y - 5, width + 12, 25)
      .lineWidth(1.5)
      .strokeColor(INK)
      .stroke();
  paper.line(words.outcome, left + nameWidth + 10, y, {
    size: 13,
    weight: words.failed ? 'bold' : 'regular',
    width: left + width - (left + nameWidth + 10),
    align: 'right',
    color: words.failed ? INK : ACCENT,
  });
  y += 22;
  if (words.outcomeNote) {
    paper.line(words.outcomeNote, scoreX, y, {
      size: 10,
      width: scoreWidth,
      align: 'right',
      color: GREY,
    });
    y += 18;
  }

  y += 16;
  paper.line('Attendance', left, y, { size: 10, weight: 'bold', width, color: GREY });
  y += 16;
  paper.rule(left, y, width);
  y += 8;
  for (const [label, value] of words.attendance) {
    paper.line(label, left, y, { size: 12, width: nameWidth });
    paper.line(value, scoreX, y, { size: 12, width: scoreWidth, align: 'right' });
    y += 22;
  }

  drawSignatures(paper, words, stamp, left, width);

  // The foot: the date, when it was published (and changed), the certificate and its QR code.
  const qrSize = 64;
  const footWidth = words.verifyUrl ? width - qrSize - 12 : width;
  const footLines = [words.date, words.published, words.changed, words.certificate];
  let foot = A4.height - 56 - 14 * footLines.filter(Boolean).length;
  for (const text of footLines) {
    if (!text) continue;
    paper.line(text, left, foot, { size: 9.5, width: footWidth, color: GREY });
    foot += 14;
  }
  if (words.verifyUrl) {
    const qrX = left + width - qrSize;
    const qrY = A4.height - 56 - qrSize;
    drawQr(doc, words.verifyUrl, qrX, qrY, qrSize);
    // On a screen, the code is also a link to the same page.
    doc.link(qrX, qrY, qrSize, qrSize, words.verifyUrl);
  }
}

/**
 * The signature lines above the foot: the class's teachers' on the left, the director's on the
 * right, each name over its line and who signs under it; the academy's stamp, if set, over the
 * director's line, as a stamp sits on a signature.
 */
function drawSignatures(
  paper: Paper,
  words: ReportCardWords,
  stamp: OpenedImage | null,
  left: number,
  width: number,
): void {
  const lineY = A4.height - 56 - 14 * 4 - 44;
  const gap = 40;
  const column = (width - gap) / 2;
  for (const [i, signature] of words.signatures.entries()) {
    const x = left + i * (column + gap);
    if (i === 1 && stamp) {
      try {
        paper.doc.image(stamp as unknown as PDFKit.Mixins.ImageSrc, x + 8, lineY - 60, {
          fit: [96, 56],
          align: 'center',
        });
      } catch {
        // An image pdfkit cannot place is left off rather than the card not made.
      }
    }
    paper.rule(x, lineY, column, INK);
    if (signature.name)
      paper.line(signature.name, x, lineY + 5, { size: 11, weight: 'bold', width: column });
    paper.line(signature.role, x, lineY + 20, { size: 9.5, width: column, color: GREY });
  }
}

/** A QR code of `url`, drawn as squares (a vector: sharp at any print size). */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / qr.modules.size;
  doc.fillColor(INK);
  for (let row = 0; row < qr.modules.size; row++)
    for (let column = 0; column < qr.modules.size; column++)
      if (qr.modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
  doc.fill(INK);
}

/** The certificate: who passed what, the code, and a QR code of the public page. */
export function drawCertificate(paper: Paper, words: CertificateWords): void {
  const { doc } = paper;
  doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
  const page = { width: A4.height, height: A4.width };
  doc
    .rect(24, 24, page.width - 48, page.height - 48)
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke();
  doc
    .rect(32, 32, page.width - 64, page.height - 64)
    .lineWidth(0.5)
    .strokeColor(ACCENT)
    .stroke();
  const left = 70;
  const width = page.width - 2 * left;
  const centred = { width, align: 'center' as const };
  paper.line(words.academy, left, 62, { ...centred, size: 20, weight: 'bold', color: ACCENT });
  paper.line(words.title, left, 104, { ...centred, size: 36, weight: 'bold' });
  paper.line(words.certifies, left, 168, { ...centred, size: 14, color: GREY });
  paper.line(words.student, left, 196, { ...centred, size: 30, weight: 'bold' });
  paper.line(words.passed, left, 250, { ...centred, size: 17 });
  paper.line(words.course, left, 282, { ...centred, size: 13, color: GREY });
  paper.line(words.days, left, 302, { ...centred, size: 11, color: GREY });
  paper.line(words.outcome, left, 330, { ...centred, size: 14, weight: 'bold', color: ACCENT });

  const size = 96;
  const qrX = page.width - left - size;
  drawQr(doc, words.url, qrX, page.height - 70 - size - 6, size);

  const textWidth = qrX - left - 24;
  const bottom = page.height - 70;
  paper.line(words.awarded, left, bottom - 86, { size: 12, width: textWidth });
  paper.line('Verification code', left, bottom - 58, { size: 10, width: textWidth, color: GREY });
  paper.line(words.code, left, bottom - 44, { size: 15, weight: 'bold', width: textWidth });
  paper.line(words.check, left, bottom - 20, { size: 9, width: textWidth, color: GREY });
  paper.line(words.url, left, bottom - 8, { size: 9, width: textWidth, color: GREY });
}
