import { describe, expect, it } from 'vitest';
import { storedFileName } from './file-names.js';

describe('storedFileName', () => {
  it.each([
    // [name sent, sniffed type, name kept]
    ['homework.html', 'png', 'homework.png'],
    ['homework.png', 'png', 'homework.png'],
    ['Photo.JPEG', 'jpg', 'Photo.JPEG'],
    ['photo.jpg', 'jpg', 'photo.jpg'],
    ['scan.jpeg', 'png', 'scan.png'],
    ['notes', 'pdf', 'notes.pdf'],
    ['Chapter 3.2', 'pdf', 'Chapter 3.2.pdf'],
    ['answer.m4a', 'mp4', 'answer.m4a'],
    ['answer.ogg', 'opus', 'answer.ogg'],
    ['report.pdf.exe', 'pdf', 'report.pdf.pdf'],
    ['C:\\Users\\sara\\Desktop\\essay.pdf', 'pdf', 'essay.pdf'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['evil.exe. . ', 'pdf', 'evil.pdf'],
    ['.png', 'png', 'png.png'],
    ['', 'pdf', 'download.pdf'],
    [undefined, 'jpg', 'download.jpg'],
    ['\u202E\u2066', 'pdf', 'download.pdf'],
  ])('%j holding %s is kept as %j', (name, ext, kept) => {
    expect(storedFileName(name, ext)).toBe(kept);
  });

  it('removes bidi controls, marks, other format and control characters', () => {
    const hidden = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u00AD',
      '\uFEFF',
      '\u2028',
      '\u2029',
      '\u0000',
      '\u0007',
      '\t',
      '\n',
      '\u007F',
      '\u0085',
    ];
    for (const c of hidden)
      expect(storedFileName(`a${c}b.pdf`, 'pdf'), JSON.stringify(c)).toBe('ab.pdf');
  });

  it('keeps what Persian and emoji need (zero-width non-joiner and joiner), and other scripts', () => {
    expect(storedFileName('تمرین\u200Cها.pdf', 'pdf')).toBe('تمرین\u200Cها.pdf');
    expect(storedFileName('👩\u200D🏫 notes.pdf', 'pdf')).toBe('👩\u200D🏫 notes.pdf');
    expect(storedFileName('Übung – 1.pdf', 'pdf')).toBe('Übung – 1.pdf');
  });

  it('replaces a lone surrogate instead of keeping half a character', () => {
    expect(storedFileName('a\ud800b.pdf', 'pdf')).toBe('a\ufffdb.pdf');
  });

  it('keeps at most 200 characters with the extension, never cutting a character in half', () => {
    const long = storedFileName(`${'😀'.repeat(300)}.html`, 'png');
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('😀.png')).toBe(true);
    expect(long.isWellFormed()).toBe(true);
  });

  it('without a known type leaves the extension alone and still cleans', () => {
    expect(storedFileName('odd\u202E.bin', undefined)).toBe('odd.bin');
    expect(storedFileName('', undefined)).toBe('download');
  });
});
