/**
 * GIFT's text rules, shared by the reader and the writer: escaped control characters, the
 * [html]/[markdown]/[moodle]/[plain] markers, and HTML turned into plain text. The bank keeps
 * plain text only (the web shows it as text, never as HTML), so HTML is reduced to its words.
 */

/**
 * Escaped control characters are swapped for characters of Unicode's private use area before a
 * block is read, so `\~` or `\{` never count as GIFT syntax; `restoreEscapes` gives them back.
 * `\n` stands for a line break.
 */
const ESCAPED: Record<string, string> = {
  '\\': '\ue000',
  '~': '\ue001',
  '=': '\ue002',
  '#': '\ue003',
  '{': '\ue004',
  '}': '\ue005',
  ':': '\ue006',
  n: '\ue007',
};
const RESTORED: Record<string, string> = {
  '\ue000': '\\',
  '\ue001': '~',
  '\ue002': '=',
  '\ue003': '#',
  '\ue004': '{',
  '\ue005': '}',
  '\ue006': ':',
  '\ue007': '\n',
};
/** Where a gap stands while a missing-word question's text is cleaned. */
export const GAP_MARK = '\ue010';

/** Private-use characters a text brings itself would be misread as escapes: they are dropped. */
export function dropPrivateUse(text: string): string {
  return text.replace(/[\ue000-\ue0ff]/g, '');
}

export function hideEscapes(text: string): string {
  return text.replace(/\\([\\~=#{}:n])/g, (_, char: string) => ESCAPED[char] ?? char);
}

export function restoreEscapes(text: string): string {
  return text.replace(/[\ue000-\ue007]/g, (char) => RESTORED[char] ?? char);
}

/** A text as the writer puts it in GIFT: every control character escaped, one line. */
export function escapeGift(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/[\\~=#{}:\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}

export type TextFormat = 'moodle' | 'html' | 'markdown' | 'plain';

const FORMAT_MARK = /^\s*\[(html|markdown|moodle|plain)\]/i;

/** A leading format marker's format and the text without it. */
export function splitFormat(text: string): { format: TextFormat | null; rest: string } {
  const match = FORMAT_MARK.exec(text);
  if (!match) return { format: null, rest: text };
  return {
    format: (match[1] as string).toLowerCase() as TextFormat,
    rest: text.slice(match[0].length),
  };
}

/** Tags that mark a Moodle-format text (Moodle's default) as holding HTML. */
const KNOWN_TAG =
  /<\/?(?:p|br|b|i|u|em|strong|span|div|sub|sup|ul|ol|li|h[1-6]|img|a|font|table|tr|td|th|tbody|thead|hr|pre|code|blockquote|script|style)\b[^<>]*>/i;

/**
 * Removes everything from each `open` to the next `close` (an element with its content, a
 * comment), in one pass over the text: a lazy regular expression would rescan the rest of a
 * large text for every unclosed opening.
 */
function dropBetween(html: string, open: string, close: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let from = 0;
  for (;;) {
    const start = lower.indexOf(open, from);
    if (start < 0) break;
    out += html.slice(from, start);
    const end = lower.indexOf(close, start + open.length);
    if (end < 0) return out;
    from = end + close.length;
  }
  return out + html.slice(from);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * HTML as plain text: scripts, styles and comments go with their content, block ends become
 * line breaks, every other tag goes, entities are decoded last (so `&lt;b&gt;` stays words).
 * The result is only ever shown as text, never put into a page as HTML.
 */
export function htmlToText(html: string, notes: Set<string>): string {
  if (/<img\b/i.test(html)) notes.add('An image was left out: the bank keeps the text only.');
  let text = dropBetween(html, '<!--', '-->');
  text = dropBetween(dropBetween(text, '<script', '</script>'), '<style', '</style>');
  text = text.replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^<>]*>/gi, '\n');
  text = text.replace(/<\/?[a-zA-Z][^<>]*>/g, '');
  return decodeEntities(text);
}

/** Every line trimmed, the whole trimmed: how the bank keeps a text read from a file. */
export function normaliseLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/**
 * One piece of a question (its text, an answer, a feedback) as the bank keeps it: a leading
 * format marker read (or the question's format kept), HTML reduced to text, escapes given back.
 */
export function cleanPiece(
  raw: string,
  inherited: TextFormat,
  notes: Set<string>,
): { text: string; format: TextFormat } {
  const { format: own, rest } = splitFormat(raw);
  const format = own ?? inherited;
  const html = format === 'html' || (format === 'moodle' && KNOWN_TAG.test(rest));
  const text = html ? htmlToText(rest, notes) : rest;
  return { text: normaliseLines(restoreEscapes(text)), format };
}
