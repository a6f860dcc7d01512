import { withoutHidden } from '@academy/contract';
import { rightExtensions } from '../storage/file-types.js';

/** An extension as systems read one: up to five letters and digits, at least one a letter. */
const EXTENSION = /^(.+)\.([A-Za-z0-9]{1,5})$/;
const MAX_NAME = 200;

/**
 * A file name as we keep and hand it out: no path, nothing hidden, no dots or spaces at
 * either end (Windows drops trailing ones, which would uncover an extension), at most 200
 * characters, and an extension that says what the file is by its bytes (`sniffedExt`, from
 * file-type): a right one is kept as written (`.JPEG` for a JPEG), a wrong one replaced
 * (`homework.html` holding a PNG is `homework.png`), a missing one added. Without a sniffed
 * type (a stored type we do not know) the extension is left alone.
 */
export function storedFileName(name: string | undefined, sniffedExt: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Hidden characters: the rule every kept name follows (contract text.ts).
  const clean = withoutHidden(base).replace(/^[\s.]+|[\s.]+$/g, '');
  if (!sniffedExt) return withSuffix(clean, '');
  const right = rightExtensions(sniffedExt);
  const match = EXTENSION.exec(clean);
  const [stem, ext] =
    match && /[A-Za-z]/.test(match[2] ?? '') ? [match[1] ?? '', match[2] ?? ''] : [clean, ''];
  if (ext && right.includes(ext.toLowerCase())) return withSuffix(stem, `.${ext}`);
  return withSuffix(stem, `.${right[0]}`);
}

/** `stem` cut to fit the limit with `suffix` (by code points, never half a character). */
function withSuffix(stem: string, suffix: string): string {
  const kept = Array.from(stem)
    .slice(0, MAX_NAME - suffix.length)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${kept || 'download'}${suffix}`;
}
