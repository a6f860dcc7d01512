import type { quizBankSchemas } from '@academy/contract';
import { WORLD_BANK_ITEM } from '../test-support/quiz-world.js';
import type { AccessCase } from './access-case.js';

/**
 * The question bank's calls in the access matrix (issue 51, point 10). The bank is the
 * academy's, not a class's: every teacher reads and uses it, so a teacher of another class is
 * admitted to its reads, its tags, its import and its export like A's teacher; what a teacher
 * changes, archives or deletes must be theirs (`authorOnly`): A's teacher wrote the
 * world's item and passage, and any other teacher is refused (403) and changes nothing.
 * Students are refused every call (staff access).
 */

type BankCall = keyof typeof quizBankSchemas;

const GIFT = '$CATEGORY: B1/Grammar/Matrix unit\n\n::M1:: She has lived here since 2020. {T}\n';

export const quizBankCases: Record<BankCall, AccessCase> = {
  listQuizItems: { payload: () => ({ level: 'B1' }) },
  getQuizItem: { payload: (w) => ({ item_id: w.ids.bankItem }) },
  saveQuizItem: {
    payload: (w) => ({
      item_id: w.ids.bankItem,
      level: 'B2',
      skill: 'grammar',
      unit: 'Matrix unit',
      version: WORLD_BANK_ITEM,
    }),
    authorOnly: true,
  },
  archiveQuizItem: {
    payload: (w) => ({ item_id: w.ids.bankItem, archived: true }),
    authorOnly: true,
  },
  deleteQuizItem: { payload: (w) => ({ item_id: w.ids.bankItem }), authorOnly: true },
  quizBankTags: { payload: () => ({}) },
  listQuizPassages: { payload: () => ({}) },
  // Multipart: values as text, as a form sends them.
  saveQuizPassage: {
    payload: (w) => ({
      passage_id: String(w.ids.bankPassage),
      kind: 'text',
      title: 'Matrix passage, edited',
      text: 'The text, edited.',
    }),
    authorOnly: true,
  },
  deleteQuizPassage: { payload: (w) => ({ passage_id: w.ids.bankPassage }), authorOnly: true },
  previewQuestionImport: { payload: () => ({ format: 'gift', text: GIFT }) },
  importQuestions: { payload: () => ({ format: 'gift', text: GIFT }) },
  exportQuestionsGift: { payload: () => ({ unit: 'Matrix unit' }) },
  // A regrade's preview is the bank's to read; applying it is the item's writer's (issue 51, point 5).
  previewQuizRegrade: { payload: (w) => ({ item_id: w.ids.bankItem }) },
  regradeQuizItem: { payload: (w) => ({ item_id: w.ids.bankItem }), authorOnly: true },
};
