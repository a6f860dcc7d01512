import { A4, drawnPaper, type Paper, type PaperInfo } from '../../pdf/paper.js';
import { paperKind } from '../../pdf/pdf-pool.js';
import type { ReceiptWords } from './receipt-words.js';

/**
 * A receipt as the PDF threads draw it (pdf/pdf-pool.ts): the worker imports this module and
 * calls drawReceipt with the words the handler made (receipt-words.ts), so nothing here reads
 * the database or the request. One A4 page, its content in the upper half, to print on any
 * printer and cut or fold; a voided receipt says VOID across the page and in a box at its
 * head, in words and weight, not by colour alone, so a grey copy says it too.
 */

export interface ReceiptInput {
  info: PaperInfo;
  words: ReceiptWords;
}

const INK = '#111111';
const GREY = '#5f6368';
const ACCENT = '#1a56db';
const VOID_RED = '#b91c1c';

function drawVoid(paper: Paper, words: NonNullable<ReceiptWords['void']>, left: number, y: number) {
  const { doc } = paper;
  const width = A4.width - 2 * left;
  // Across the page, faint, so the figures under it stay readable.
  doc.save();
  doc.rotate(-30, { origin: [A4.width / 2, 300] });
  doc.fillOpacity(0.15);
  paper.line(words.stamp, 0, 230, {
    size: 150,
    weight: 'bold',
    width: A4.width,
    align: 'center',
    color: VOID_RED,
  });
  doc.restore();
  doc
    .rect(left - 6, y - 6, width + 12, 44)
    .lineWidth(2)
    .strokeColor(INK)
    .stroke();
  paper.line(words.stamp, left, y, { size: 16, weight: 'bold', width, color: VOID_RED });
  paper.line(words.why, left, y + 20, { size: 10, width, color: INK });
}

export function drawReceiptPage(paper: Paper, words: ReceiptWords): void {
  const { doc } = paper;
  doc.addPage({ size: 'A4', layout: 'portrait', margin: 0 });
  const left = 56;
  const width = A4.width - 2 * left;
  let y = 52;

  paper.line(words.academy, left, y, { size: 20, weight: 'bold', width, color: ACCENT });
  y += 30;
  paper.line(words.title, left, y, { size: 15, weight: 'bold', width: width / 2 });
  paper.line(words.number, left + width / 2, y, {
    size: 15,
    weight: 'bold',
    width: width / 2,
    align: 'right',
  });
  y += 26;
  paper.rule(left, y, width, ACCENT);
  y += 16;
  if (words.void) {
    drawVoid(paper, words.void, left, y);
    y += 56;
  }

  const labelWidth = 120;
  for (const [label, value] of words.facts) {
    paper.line(label, left, y + 2, { size: 10, width: labelWidth - 6, color: GREY });
    paper.line(value, left + labelWidth, y, { size: 12, width: width - labelWidth });
    y += 21;
  }

  y += 12;
  const amountWidth = 150;
  paper.line(words.paidForHeading, left, y, {
    size: 10,
    weight: 'bold',
    width: width - amountWidth,
    color: GREY,
  });
  y += 16;
  paper.rule(left, y, width);
  y += 8;
  for (const line of words.paidFor) {
    paper.line(line.label, left, y, { size: 11, width: width - amountWidth - 10 });
    paper.line(line.amount, left + width - amountWidth, y, {
      size: 11,
      width: amountWidth,
      align: 'right',
    });
    y += 20;
  }
  paper.rule(left, y, width);
  y += 10;
  for (const [[label, value], bold] of [
    [words.amount, true],
    [words.balance, false],
  ] as const) {
    const weight = bold ? 'bold' : 'regular';
    paper.line(label, left, y, { size: 13, weight, width: width - amountWidth - 10 });
    paper.line(value, left + width - 220, y, { size: 13, weight, width: 220, align: 'right' });
    y += 24;
  }

  y += 18;
  paper.line(words.recordedBy, left, y, { size: 10, width, color: GREY });
}

export const drawReceipt = ({ info, words }: ReceiptInput) =>
  drawnPaper(info, (paper) => drawReceiptPage(paper, words));

export const RECEIPT = paperKind(import.meta.url, { drawReceipt });
