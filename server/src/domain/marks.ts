import { type Mark, readMark } from '@academy/contract/marks';
import { badRequest } from '../http/errors.js';

/**
 * The mark a teacher typed with a correction or a reply (issue 30, point 1), read by the rule
 * the forms use (contract/src/marks.ts); null when none was typed. What is not a mark is the
 * caller's mistake, refused in words before anything is written.
 */
export function markOfInput(input: { mark: string; mark_out_of: string }): Mark | null {
  const read = readMark(input.mark, input.mark_out_of);
  if ('problem' in read) throw badRequest(read.problem);
  return read.mark;
}
