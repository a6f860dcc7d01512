import QRCode from 'qrcode';
import { A4, type Paper } from './paper.js';
import type { CertificateWords, ReportCardWords } from './paper-words.js';

/**
 * How a report card (A4 portrait, one page) and a certificate (A4 landscape) are laid out. A
 * scheme has at most ten components (contract/src/results.ts), so a report card always fits
 * its page; a line too long for its room is set smaller (paper.ts).
 */

const INK = '#111111';
const GREY = '#5f6368';
const ACCENT = '#1a56db';

export function drawReportCard(paper: Paper, words: ReportCardWords): void {
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
  paper.line(words.outcome, scoreX, y, {
    size: 13,
    weight: 'bold',
    width: scoreWidth,
    align: 'right',
    color: ACCENT,
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

  let foot =
    A4.height - 56 - 14 * (1 + Number(words.changed !== null) + Number(!!words.certificate));
  for (const text of [words.published, words.changed, words.certificate]) {
    if (!text) continue;
    paper.line(text, left, foot, { size: 9.5, width, color: GREY });
    foot += 14;
  }
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

  // The QR code, drawn as squares (a vector: sharp at any print size).
  const qr = QRCode.create(words.url, { errorCorrectionLevel: 'M' });
  const size = 96;
  const cell = size / qr.modules.size;
  const qrX = page.width - left - size;
  const qrY = page.height - 70 - size - 6;
  doc.fillColor(INK);
  for (let row = 0; row < qr.modules.size; row++)
    for (let column = 0; column < qr.modules.size; column++)
      if (qr.modules.get(row, column)) doc.rect(qrX + column * cell, qrY + row * cell, cell, cell);
  doc.fill(INK);

  const textWidth = qrX - left - 24;
  const bottom = page.height - 70;
  paper.line(words.awarded, left, bottom - 86, { size: 12, width: textWidth });
  paper.line('Verification code', left, bottom - 58, { size: 10, width: textWidth, color: GREY });
  paper.line(words.code, left, bottom - 44, { size: 15, weight: 'bold', width: textWidth });
  paper.line(words.check, left, bottom - 20, { size: 9, width: textWidth, color: GREY });
  paper.line(words.url, left, bottom - 8, { size: 9, width: textWidth, color: GREY });
}
