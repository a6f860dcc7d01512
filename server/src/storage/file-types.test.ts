import { describe, expect, it } from 'vitest';
import { office, samples } from '../test-support/samples.js';
import { needsWholeZip, SNIFF_BYTES, sniffAccepted } from './file-types.js';

describe('sniffAccepted', () => {
  it('recognises documents by their bytes', async () => {
    expect(await sniffAccepted(samples.pdf, 'document')).toEqual({
      ext: 'pdf',
      mime: 'application/pdf',
    });
    expect(await sniffAccepted(samples.png, 'document')).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await sniffAccepted(samples.jpg, 'document')).toEqual({
      ext: 'jpg',
      mime: 'image/jpeg',
    });
  });

  it('refuses an executable, text, and audio where documents belong', async () => {
    expect(await sniffAccepted(samples.elf, 'document')).toBeUndefined();
    expect(await sniffAccepted(samples.exe, 'document')).toBeUndefined();
    expect(await sniffAccepted(Buffer.from('just some text'), 'document')).toBeUndefined();
    expect(await sniffAccepted(samples.wav, 'document')).toBeUndefined();
  });

  it('accepts audio for speaking answers and refuses a PDF there', async () => {
    expect(await sniffAccepted(samples.wav, 'audio')).toEqual({ ext: 'wav', mime: 'audio/wav' });
    expect(await sniffAccepted(samples.pdf, 'audio')).toBeUndefined();
  });

  it('tells a Word file from a plain zip, wherever in the archive its Word parts are', async () => {
    const docxType = {
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    expect(await sniffAccepted(office.docx(), 'material')).toEqual(docxType);

    // Its Word parts after 6,000 bytes of thumbnail: the first bytes only say "zip".
    const late = office.docx(6_000);
    const head = late.subarray(0, SNIFF_BYTES);
    expect(await sniffAccepted(head, 'material')).toBeUndefined();
    expect(needsWholeZip(head, 'material')).toBe(true);
    expect(await sniffAccepted(late, 'material')).toEqual(docxType);

    expect(await sniffAccepted(office.plainZip(6_000), 'material')).toBeUndefined();
    // Where Office files are not accepted, a zip is not read further.
    expect(needsWholeZip(head, 'document')).toBe(false);
    expect(needsWholeZip(samples.pdf, 'material')).toBe(false);
  });
});
