import { describe, expect, it } from 'vitest';
import { jpegName, SHRINK, shouldShrink, shrinkingText } from './shrink-photos';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('which chosen files are made smaller', () => {
  it('shrinks a JPEG or PNG photo over 1.5 MB', () => {
    expect(shouldShrink(file('IMG_0001.jpg', 'image/jpeg', 4.2 * MB))).toBe(true);
    expect(shouldShrink(file('scan.png', 'image/png', 6 * MB))).toBe(true);
    expect(shouldShrink(file('IMG_0001.JPG', '', 4.2 * MB))).toBe(true);
  });

  it('sends a JPEG or PNG of 1.5 MB or less as it is', () => {
    expect(shouldShrink(file('small.jpg', 'image/jpeg', SHRINK.aboveBytes))).toBe(false);
    expect(shouldShrink(file('small.png', 'image/png', 200 * 1024))).toBe(false);
  });

  it('turns a photo the server does not take (HEIC, WebP) into a JPEG, however small', () => {
    expect(shouldShrink(file('IMG_0002.HEIC', 'image/heic', 900 * 1024))).toBe(true);
    expect(shouldShrink(file('IMG_0003.heif', '', 900 * 1024))).toBe(true);
    expect(shouldShrink(file('photo.webp', 'image/webp', 100 * 1024))).toBe(true);
  });

  it('never touches what is not an image', () => {
    expect(shouldShrink(file('essay.pdf', 'application/pdf', 4.9 * MB))).toBe(false);
    expect(shouldShrink(file('notes.txt', 'text/plain', 6 * MB))).toBe(false);
  });
});

describe('the shrunk photo', () => {
  it.each([
    ['IMG_0042.HEIC', 'IMG_0042.jpg'],
    ['page.one.png', 'page.one.jpg'],
    ['photo', 'photo.jpg'],
    ['', 'photo.jpg'],
  ])('keeps its name “%s” as a JPEG: %s', (name, shrunk) => {
    expect(jpegName(name)).toBe(shrunk);
  });

  it('is reported with the sizes before and after', () => {
    expect(shrinkingText({ count: 3, before: 14.2 * MB, after: 2.1 * MB })).toBe(
      '3 photos made smaller: 14 MB → 2.1 MB',
    );
    expect(shrinkingText({ count: 1, before: 4.5 * MB, after: 900 * 1024 })).toBe(
      '1 photo made smaller: 4.5 MB → 900 KB',
    );
  });
});
