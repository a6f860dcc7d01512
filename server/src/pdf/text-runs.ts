/**
 * A line of text split for a PDF (issue 30, point 5): names come in any script, and no one font
 * holds them all. Each run is drawn in the first font that has its characters, and a run of a
 * right-to-left script (Arabic, Hebrew) is kept whole, so the font engine (fontkit, under
 * pdfkit) shapes and orders it as one. Pure: the fonts are given as what they can draw.
 */

/** A font as the splitting sees it: a name and whether it has a glyph for a character. */
export interface RunFont {
  name: string;
  has(codePoint: number): boolean;
}

export interface TextRun {
  font: string;
  text: string;
  rtl: boolean;
}

/** Letters written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms. */
const RIGHT_TO_LEFT = /[\u0590-\u07ff\u0800-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
/** Characters with no direction of their own: they go with the text around them. */
const NEUTRAL = /[\s\p{P}\p{S}]/u;

type Direction = 'rtl' | 'ltr' | null;

const directionOf = (character: string): Direction =>
  RIGHT_TO_LEFT.test(character) ? 'rtl' : NEUTRAL.test(character) ? null : 'ltr';

/**
 * The runs of `text` in the order they are drawn, left to right. Each character takes the first
 * font that has it (the first font where none does: a missing glyph, never an error); a neutral
 * character stays in the run it is in where that font has it. A line whose first letter is
 * right to left (an Arabic name) reads from the right, so its runs are drawn in reverse.
 */
export function textRuns(text: string, fonts: readonly RunFont[]): TextRun[] {
  const first = fonts[0];
  if (!first || text === '') return [];
  const runs: { font: string; text: string; direction: Direction }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const direction = directionOf(character);
    const current = runs.at(-1);
    const currentFont = current && fonts.find((f) => f.name === current.font);
    const font =
      direction === null && currentFont?.has(codePoint)
        ? currentFont
        : (fonts.find((f) => f.has(codePoint)) ?? first);
    const turns =
      current !== undefined &&
      direction !== null &&
      current.direction !== null &&
      direction !== current.direction;
    if (current && current.font === font.name && !turns) {
      current.text += character;
      if (current.direction === null) current.direction = direction;
    } else runs.push({ font: font.name, text: character, direction });
  }
  // Spaces after right-to-left words belong between them and what follows, not inside the
  // run the engine reverses (they would land on its left edge).
  for (let i = 0; i < runs.length - 1; i++) {
    const run = runs[i] as (typeof runs)[number];
    const next = runs[i + 1] as (typeof runs)[number];
    if (run.direction !== 'rtl') continue;
    const trailing = /\s+$/u.exec(run.text)?.[0] ?? '';
    if (!trailing || trailing.length === run.text.length) continue;
    run.text = run.text.slice(0, -trailing.length);
    next.text = trailing + next.text;
  }
  const drawn = runs.map((run) => ({
    font: run.font,
    text: run.text,
    rtl: run.direction === 'rtl',
  }));
  const firstStrong = runs.find((run) => run.direction !== null);
  return firstStrong?.direction === 'rtl' ? drawn.reverse() : drawn;
}
