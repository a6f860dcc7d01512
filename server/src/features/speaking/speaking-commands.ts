import { removeStoredBytes } from '../../files/files-data.js';
import type { AppDeps } from '../../http/call.js';
import { deleteQuestion, saveReply } from './speaking-data.js';

/**
 * The speaking writes that remove stored files, each one function that takes every step
 * itself: the rows in one transaction (speaking-data.ts), then the bytes of the recordings
 * nothing plays any more (docs/decisions.md, "Issue 28, point 5"). Tested step by step in
 * speaking-commands.int.test.ts.
 */

/**
 * Deletes a question with its answers, their recordings and the replies' recordings, rows
 * and bytes. False when there was no such question.
 */
export async function removeSpeakingQuestion(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  questionId: number,
): Promise<boolean> {
  const unusedKeys = await deleteQuestion(deps.db, questionId);
  if (unusedKeys === null) return false;
  await removeStoredBytes(deps.storage, unusedKeys);
  return true;
}

/**
 * Saves the administrator's reply to an answer and tells the student (speaking-data.ts
 * saveReply); the reply recording it replaces or removes goes, row and bytes. False when the
 * answer is gone.
 */
export async function replyToAnswer(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage' | 'tell'>,
  reply: Parameters<typeof saveReply>[1],
): Promise<boolean> {
  const unusedKeys = await saveReply(deps.db, reply, deps.now(), deps.tell);
  if (unusedKeys === null) return false;
  await removeStoredBytes(deps.storage, unusedKeys);
  return true;
}
