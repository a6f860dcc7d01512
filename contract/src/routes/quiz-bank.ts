import { defineRoutes } from './meta.js';

/**
 * The question bank (issue 51): items, passages, tags, GIFT and Aiken import, GIFT export.
 *
 * The bank is the academy's, not a class's: administrators and every teacher read and use
 * every item and passage; a teacher changes, archives and deletes only what they wrote (the
 * handlers check it, with words a teacher reads), an administrator anything. Students never
 * call the bank. Every write tells the staff's open bank screens ('quizzes').
 *
 * `shared`: a staff call on what the academy shares rather than on a class's; it names nothing
 * a teacher's classes bound (so no `reach`), and its handler checks authorship where it
 * changes something.
 */
export const quizBankRoutes = defineRoutes({
  /** The bank's items, filtered by tag, type, words of the prompt, and archived or not; paged. */
  listQuizItems: {
    method: 'GET',
    path: '/api/quiz_items.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
    lists: true,
  },
  /** One item: its current version with the key, its passage, and every version with its use. */
  getQuizItem: {
    method: 'GET',
    path: '/api/quiz_item.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
  },
  /**
   * Creates an item (no id), or saves one: in place while no answer names its current
   * version, else as a new version that later draws use (attempts keep theirs).
   */
  saveQuizItem: {
    method: 'POST',
    path: '/api/save_quiz_item.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** Takes an item out of the bank's lists and new draws (archived: true), or puts it back. */
  archiveQuizItem: {
    method: 'POST',
    path: '/api/archive_quiz_item.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** Deletes an item no attempt used and no quiz names; otherwise refused: archive it. */
  deleteQuizItem: {
    method: 'POST',
    path: '/api/delete_quiz_item.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** The bank's units, and how many items each level × skill × unit holds (not archived). */
  quizBankTags: {
    method: 'GET',
    path: '/api/quiz_bank_tags.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
    lists: true,
  },
  /** Reading texts and recordings items stand on, with how many items stand on each. */
  listQuizPassages: {
    method: 'GET',
    path: '/api/quiz_passages.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
    lists: true,
  },
  /** Creates or saves a passage: a text, or a recording uploaded as the app's other audio. */
  saveQuizPassage: {
    method: 'POST',
    path: '/api/save_quiz_passage.php',
    access: 'staff',
    shared: true,
    encoding: 'multipart',
    changes: ['quizzes'],
  },
  /** Deletes a passage no item stands on, with its recording. */
  deleteQuizPassage: {
    method: 'POST',
    path: '/api/delete_quiz_passage.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** Reads pasted (or a file's) GIFT or Aiken text and names each refused block; writes nothing. */
  previewQuestionImport: {
    method: 'POST',
    path: '/api/preview_question_import.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    readsOnly: true,
  },
  /** Writes every question the preview accepted as a new item, all in one transaction. */
  importQuestions: {
    method: 'POST',
    path: '/api/import_questions.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes'],
  },
  /** The bank (filtered as its list) as a GIFT file to save. */
  exportQuestionsGift: {
    method: 'GET',
    path: '/api/export_questions_gift.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
    lists: true,
  },
  /** What a regrade of an item would change: answers, attempts and marks before → after. */
  previewQuizRegrade: {
    method: 'GET',
    path: '/api/preview_quiz_regrade.php',
    access: 'staff',
    shared: true,
    encoding: 'query',
  },
  /**
   * Marks the answers to an item's earlier versions again with its current key (the item's
   * writer or an administrator); students whose shown mark changes are told.
   */
  regradeQuizItem: {
    method: 'POST',
    path: '/api/regrade_quiz_item.php',
    access: 'staff',
    shared: true,
    encoding: 'json',
    changes: ['quizzes', 'notifications'],
  },
});
