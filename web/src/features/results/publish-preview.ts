import { notReadyWords } from '@academy/contract/results';
import type { Sheet } from './use-results';

/**
 * What publishing the sheet now would do (issue 49, points 9 and 11), for the confirmation to
 * say before it is sent: how many students are ready (a total), who is left out and why, and
 * whose certificate a re-publish withdraws (a published pass whose line is no longer a pass).
 * The server decides the same from the same sheet.
 */
export function publishPreview(sheet: Sheet) {
  const ready = sheet.students.filter((s) => s.total !== null);
  const notReady = sheet.students
    .filter((s) => s.total === null)
    .map((s) => ({ name: s.name, why: notReadyWords(s.missing) }));
  const withdrawing = ready
    .filter((s) => s.published?.outcome === 'pass' && s.outcome !== 'pass')
    .map((s) => s.name);
  return { ready: ready.length, notReady, withdrawing };
}

/** The students left out, as one sentence: 'Not published yet: Ana (no score for Final).' */
export function notReadySentence(notReady: readonly { name: string; why: string }[]) {
  if (notReady.length === 0) return null;
  const named = notReady.slice(0, 5).map((s) => `${s.name} (${s.why})`);
  const more = notReady.length > 5 ? ` and ${notReady.length - 5} more` : '';
  return `Not published yet, without a total: ${named.join(', ')}${more}. Publish again once they have one.`;
}

/** The certificates a re-publish withdraws, as one sentence. */
export function withdrawingSentence(names: readonly string[]) {
  if (names.length === 0) return null;
  return names.length === 1
    ? `The certificate of ${names[0]} is withdrawn: their result is no longer a pass.`
    : `The certificates of ${names.join(', ')} are withdrawn: their results are no longer a pass.`;
}
