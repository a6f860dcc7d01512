import ExcelJS from 'exceljs';
import { present } from './harness.js';

/**
 * The workbook an answer carries, read from its bytes exactly. A small answer's payload is a
 * view into Node's shared buffer pool: its `.buffer` is the whole pool, other answers' bytes
 * before it, and ExcelJS read those as the zip (a test failed now and then, "Corrupted zip").
 */
export async function workbookOf(answer: { rawPayload?: Buffer | undefined }) {
  const bytes = present(answer.rawPayload, 'the workbook');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return book;
}
