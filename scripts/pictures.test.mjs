import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { icons, pictures, pub, readRecord, sourceDigest } from './pictures.mjs';

// A picture rendered from an SVG keeps showing the old drawing when the SVG is edited and
// the script is not run again: the record says which source each committed picture was drawn
// from, and this fails until they agree.
describe('the raster pictures were rendered from their SVGs as they are now', () => {
  const record = readRecord();
  it.each([...icons, ...pictures])('$file from $from', (item) => {
    expect(fs.existsSync(path.join(pub, item.file)), `web/public/${item.file} is missing`).toBe(
      true,
    );
    expect(
      record[item.file],
      `web/public/${item.from} or how ${item.file} is drawn from it changed: run node scripts/render-pictures.mjs ${item.file}`,
    ).toBe(sourceDigest(item));
  });

  it('records no picture the script does not render', () => {
    expect(Object.keys(record).sort()).toEqual([...icons, ...pictures].map((i) => i.file).sort());
  });
});
