import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every component file of the app outside ui/, with its source. */
function screensAndPieces(): { file: string; source: string }[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.startsWith(`ui${path.sep}`))
    .map((file) => ({ file, source: readFileSync(path.join(src, file), 'utf8') }));
}

describe('controls the browser draws in its own look', () => {
  // The grey 'Choose File' box and the blue progress bar ignore the app's design; ui/ has
  // FilePicker and ProgressBar, which keep the native control's behaviour in the app's look.
  it('are used only through ui/: no file input or progress element elsewhere', () => {
    const offenders = screensAndPieces()
      .filter(({ source }) => /type=["{']*file|<progress\b/.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
