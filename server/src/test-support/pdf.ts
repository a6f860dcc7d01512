import { execFileSync } from 'node:child_process';

/**
 * Reading the PDFs the server makes, in tests (issue 30): whether the bytes are a whole PDF,
 * how many pages it has, and its text where this machine has `pdftotext` (Debian's
 * poppler-utils, which .ci/run installs).
 */

/** A PDF from its header to its end-of-file marker. */
export function isWholePdf(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
    bytes.subarray(-8).toString('latin1').includes('%%EOF')
  );
}

/** Its pages (pdfkit writes each page's dictionary as plain text). */
export function pageCount(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

let hasPdfToText: boolean | undefined;

/** Its text as a reader copies it, or null where this machine has no pdftotext. */
export function pdfText(bytes: Buffer): string | null {
  if (hasPdfToText === undefined) {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
      hasPdfToText = true;
    } catch {
      hasPdfToText = false;
      console.warn('pdftotext (poppler-utils) is not installed: PDF text is not checked');
    }
  }
  if (!hasPdfToText) return null;
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');
}
