/**
 * An SMS's text (issue 31, point 4), pure: the academy's name first, then the message, cut to
 * fit at most SMS_SEGMENTS segments, as phones count them. A text of GSM 7-bit characters
 * takes 160 in one SMS, 153 a segment when it is split; any other character (most
 * non-Latin scripts, emoji) sends the whole SMS as UCS-2: 70 in one, 67 a segment, counted in
 * UTF-16 units. Each segment is charged, so a long notification is cut, not sent as ten.
 */

/** The most segments one SMS may take. */
export const SMS_SEGMENTS = 3;

/** The GSM 03.38 basic set: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: two septets each (an escape, then the character). */
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** Septets a character takes in GSM 7-bit, or null when it has none. */
function septets(char: string): number | null {
  if (GSM_BASIC.includes(char)) return 1;
  if (GSM_EXTENDED.includes(char)) return 2;
  return null;
}

/** Whether every character of `text` has a GSM 7-bit form. */
export function isGsm(text: string): boolean {
  for (const char of text) if (septets(char) === null) return false;
  return true;
}

/** How many segments `text` takes. */
export function segmentsOf(text: string): number {
  const gsm = isGsm(text);
  const length = gsm ? [...text].reduce((n, c) => n + (septets(c) ?? 0), 0) : text.length;
  const [single, each] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / each);
}

/**
 * The SMS for a message: "<academy>: <text>" (for a guardian, "<academy>, about <student>:
 * <text>", since the text speaks to the student), spaces and line breaks made single, cut
 * with an ellipsis to fit SMS_SEGMENTS segments.
 */
export function smsText(academy: string, text: string, aboutStudent?: string): string {
  const head = aboutStudent ? `${academy}, about ${aboutStudent}: ` : `${academy}: `;
  const whole = `${head}${text}`.replace(/\s+/g, ' ').trim();
  if (segmentsOf(whole) <= SMS_SEGMENTS) return whole;
  // '…' has no GSM form: a GSM text ends with '...' so that the cut does not make it UCS-2.
  const gsm = isGsm(whole);
  const ellipsis = gsm ? '...' : '…';
  const budget = (gsm ? 153 : 67) * SMS_SEGMENTS;
  const room = budget - (gsm ? 3 : 1);
  let used = 0;
  let kept = '';
  for (const char of whole) {
    const size = gsm ? (septets(char) ?? 0) : char.length;
    if (used + size > room) break;
    used += size;
    kept += char;
  }
  // At a word's end where one is near, so the last word is not half a word.
  const space = kept.lastIndexOf(' ');
  const trimmed = space > kept.length - 20 && space > head.length ? kept.slice(0, space) : kept;
  return `${trimmed.trimEnd()}${ellipsis}`;
}
