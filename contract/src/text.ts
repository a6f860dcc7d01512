/**
 * Characters a name shown to people must not carry: controls (Cc, line breaks and tabs among
 * them), invisible format characters (Cf: the bidi overrides and isolates U+202A–202E and
 * U+2066–2069, the marks U+200E, U+200F and U+061C, zero-width spaces, soft hyphens,
 * byte-order marks) and line or paragraph separators. `\u202Efdp.exe` reads as `exe.pdf`,
 * `Sara\u200B` looks like `Sara`, and a line break makes a name look like two rows in a list
 * or an export. The zero-width non-joiner and joiner (U+200C, U+200D) stay: Persian spelling
 * and emoji sequences need them, and they cannot reorder text.
 *
 * One rule for every name the app keeps: file names (server files/file-names.ts), user and
 * class names (schemas/users.ts, schemas/classes.ts, the students' import).
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A lone surrogate (half a character), which no name can show: U+FFFD, as toWellFormed(). */
const LONE_SURROGATE = /\p{Cs}/gu;

/** `text` without hidden characters (see HIDDEN), half characters made U+FFFD. */
export function withoutHidden(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(HIDDEN, '');
}

/** Whether `text` carries a character withoutHidden removes. */
export function hasHidden(text: string): boolean {
  return withoutHidden(text) !== text;
}

/**
 * An e-mail address as the app keeps it (issue 49, point 8): trimmed and in lower case, so
 * `Sara@Example.com` and `sara@example.com` are one address wherever it is saved or compared.
 */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}
