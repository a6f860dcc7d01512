import { describe, expect, it } from 'vitest';
import { samples } from '../test-support/samples.js';
import { sniffAccepted } from './file-types.js';

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
});
