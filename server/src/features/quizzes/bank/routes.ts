import { QUIZ_ITEMS_PAGE_SIZE, QUIZ_PASSAGES_PAGE_SIZE } from '@academy/contract';
import {
  type CefrLevel,
  ITEM_TYPE_WORDS,
  ItemBody,
  ItemKey,
  type ItemSkill,
} from '@academy/contract/quizzes/items';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../auth/caller.js';
import { type CallContext, handle } from '../../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.js';
import {
  type Author,
  type BankFilter,
  bankTags,
  deleteItem,
  findItem,
  insertItems,
  itemAuthor,
  itemsForExport,
  listItems,
  listPassages,
  listVersions,
  mayChange,
  saveItem,
  setArchived,
} from './bank-data.js';
import { categoryForTags, parseQuestions, writeGift } from './gift/question-text.js';
import { removePassage, savePassageWithFile } from './passage-commands.js';
import { counted, itemOf, itemRowOf, passageOf, promptExcerpt } from './presenters.js';
import { withDefaults } from './question-tags.js';

/**
 * The question bank's calls (issue 51, points 1 and 8). Staff only (the route table's access
 * refuses students before anything is read). The bank is the academy's: every teacher reads
 * and uses every item and passage; what a teacher changes, archives or deletes must be
 * theirs, which is checked here (an administrator changes anything). Every write is logged by
 * the audit trail (features/audit), as every staff write is.
 */

const authorOf = (caller: Caller): Author => ({ id: caller.id, isAdmin: caller.isAdmin });

const NO_ITEM = 'This item is not in the bank: it may have been deleted.';
const NO_PASSAGE = 'This passage no longer exists: it may have been deleted.';
const notYours = (what: 'item' | 'passage', doing: string) =>
  forbidden(
    `Only the teacher who wrote this ${what}, or an administrator, can ${doing} it. You can copy it into a new ${what} of your own.`,
  );

/** The bank's filters as a call gives them. */
type FilterInput = CallContext<'listQuizItems'>['input'];
function filterOf(input: Omit<FilterInput, 'page'>, caller: Caller): BankFilter {
  return {
    level: input.level,
    skill: input.skill,
    unit: input.unit,
    type: input.type,
    q: input.q,
    archived: input.archived === '1',
    mine: input.mine === '1' ? caller.id : undefined,
  };
}

/** What a preview or an import reads from a text: the questions with their tags, and the refused. */
function readQuestions(input: CallContext<'previewQuestionImport'>['input']) {
  const { questions, refused } = parseQuestions(input.text, input.format);
  const defaults = { level: input.level, skill: input.skill, unit: input.unit };
  return {
    questions: questions.map((q) => ({ ...q, tags: withDefaults(q.tags, defaults) })),
    refused,
  };
}

/** "12 questions will be imported; 2 blocks are left out (see their lines)." */
function importSummary(accepted: number, refused: number, done: boolean) {
  const questions = done
    ? `${counted(accepted, 'question')} ${accepted === 1 ? 'was' : 'were'} added to the bank`
    : `${counted(accepted, 'question')} will be added to the bank`;
  if (refused === 0) return `${questions}.`;
  return `${questions}; ${counted(refused, 'block')} ${refused === 1 ? 'is' : 'are'} left out: see ${refused === 1 ? 'its line' : 'their lines'} below.`;
}

export default async function quizBankRoutes(app: FastifyInstance) {
  handle(app, 'listQuizItems', async ({ db, input, caller }) => {
    const { rows, hasMore } = await listItems(
      db,
      filterOf(input, caller),
      input.page,
      QUIZ_ITEMS_PAGE_SIZE,
    );
    const reader = authorOf(caller);
    return {
      success: true,
      items: rows.map((row) => itemRowOf(row, reader)),
      has_more: hasMore,
      page: input.page,
      page_size: QUIZ_ITEMS_PAGE_SIZE,
    };
  });

  handle(app, 'getQuizItem', async ({ db, input, caller }) => {
    const row = await findItem(db, input.item_id);
    if (!row) throw notFound(NO_ITEM);
    const versions = await listVersions(db, row.id);
    return { success: true, item: itemOf(row, versions, authorOf(caller)) };
  });

  /**
   * The editor's save: the version (body, key, points, feedback) was checked whole by the
   * contract's ItemVersion, the key against the body, before this runs.
   */
  handle(app, 'saveQuizItem', async ({ db, input, caller, now, affects }) => {
    affects({ admins: true });
    const saved = await saveItem(
      db,
      input.item_id,
      {
        level: input.level,
        skill: input.skill,
        unit: input.unit,
        passageId: input.passage_id,
        version: input.version,
      },
      authorOf(caller),
      now(),
    );
    if ('refused' in saved) {
      switch (saved.refused) {
        case 'no-item':
          throw notFound(NO_ITEM);
        case 'not-yours':
          throw notYours('item', 'change');
        case 'no-passage':
          throw badRequest('That passage no longer exists: choose another, or none.');
        case 'answered-as':
          throw conflict(
            `Students have answered this item as ${ITEM_TYPE_WORDS[saved.type].toLowerCase()}: to ask it as another kind of question, make a new item.`,
          );
      }
    }
    const message =
      input.item_id === undefined
        ? 'The item was added to the bank.'
        : saved.newVersion
          ? `Saved as version ${saved.version}: attempts that answered version ${saved.version - 1} keep it, and new quizzes draw this one.`
          : 'Saved.';
    return {
      success: true,
      message,
      id: saved.id,
      version: saved.version,
      new_version: saved.newVersion,
    };
  });

  handle(app, 'archiveQuizItem', async ({ db, input, caller, now, affects }) => {
    affects({ admins: true });
    const item = await itemAuthor(db, input.item_id);
    if (!item) throw notFound(NO_ITEM);
    if (!mayChange(authorOf(caller), item.created_by))
      throw notYours('item', input.archived ? 'archive' : 'restore');
    await setArchived(db, item.id, input.archived, now());
    return {
      success: true,
      message: input.archived
        ? 'Archived: the item has left the bank’s lists and new quizzes’ draws; attempts that used it keep it.'
        : 'The item is back in the bank.',
    };
  });

  handle(app, 'deleteQuizItem', async ({ db, input, caller, affects }) => {
    affects({ admins: true });
    const item = await itemAuthor(db, input.item_id);
    if (!item) throw notFound(NO_ITEM);
    if (!mayChange(authorOf(caller), item.created_by)) throw notYours('item', 'delete');
    const refusal = await deleteItem(db, item.id);
    if (refusal?.refused === 'used')
      throw conflict(
        `This item is used by ${counted(refusal.attempts, 'attempt')}: archive it instead of deleting it.`,
      );
    if (refusal?.refused === 'in-quizzes')
      throw conflict(
        `This item is in ${counted(refusal.quizzes, 'quiz', 'quizzes')}: take it out of ${refusal.quizzes === 1 ? 'it' : 'them'} first, or archive it instead of deleting it.`,
      );
    return { success: true, message: 'The item was deleted.' };
  });

  handle(app, 'quizBankTags', async ({ db }) => ({ success: true, ...(await bankTags(db)) }));

  handle(app, 'listQuizPassages', async ({ db, input, caller, fileUrl }) => {
    const { rows, hasMore } = await listPassages(db, input.q, input.page, QUIZ_PASSAGES_PAGE_SIZE);
    const reader = authorOf(caller);
    return {
      success: true,
      passages: rows.map((row) => passageOf(row, reader, fileUrl)),
      has_more: hasMore,
      page: input.page,
      page_size: QUIZ_PASSAGES_PAGE_SIZE,
    };
  });

  /**
   * A text passage is its text; a recording passage plays the file uploaded with it (checked
   * and measured as the app's other recordings, by the upload rule), or, edited without one,
   * the file it had.
   */
  handle(app, 'saveQuizPassage', async (ctx) => {
    const { input, caller, uploads, affects } = ctx;
    affects({ admins: true });
    const recording = uploads[0];
    if (input.kind === 'text') {
      if (recording)
        throw badRequest('A text passage takes no recording: choose Recording to upload one.');
      if (!input.text) throw badRequest('Please write the passage’s text.');
    }
    const saved = await savePassageWithFile(
      ctx,
      input.passage_id,
      {
        kind: input.kind,
        title: input.title,
        text: input.text ?? null,
        playLimit: input.play_limit,
        recording,
      },
      authorOf(caller),
    );
    if ('refused' in saved) {
      if (saved.refused === 'no-passage') throw notFound(NO_PASSAGE);
      if (saved.refused === 'not-yours') throw notYours('passage', 'change');
      if (saved.refused === 'answered')
        throw conflict(
          'Students have answered items on this passage, so its text and recording stay as they read them: add a new passage for another text, and give it to new items.',
        );
      throw badRequest('Please upload the recording.');
    }
    return {
      success: true,
      message: input.passage_id === undefined ? 'The passage was added.' : 'Saved.',
      id: saved.id,
    };
  });

  handle(app, 'deleteQuizPassage', async (ctx) => {
    ctx.affects({ admins: true });
    const outcome = await removePassage(ctx, ctx.input.passage_id, authorOf(ctx.caller));
    if ('refused' in outcome) {
      if (outcome.refused === 'no-passage') throw notFound(NO_PASSAGE);
      if (outcome.refused === 'not-yours') throw notYours('passage', 'delete');
      if (outcome.refused === 'earlier-versions')
        throw conflict(
          `Earlier versions of ${counted(outcome.items, 'item')} stand on this passage, and the attempts that drew them show it as it was: it stays.`,
        );
      throw conflict(
        `${counted(outcome.items, 'item')} ${outcome.items === 1 ? 'stands' : 'stand'} on this passage: give ${outcome.items === 1 ? 'it' : 'them'} another passage, or none, before deleting it.`,
      );
    }
    return { success: true, message: 'The passage was deleted.' };
  });

  /** What an import of this text would write, and every block it would leave out; writes nothing. */
  handle(app, 'previewQuestionImport', async ({ input }) => {
    const { questions, refused } = readQuestions(input);
    return {
      success: true,
      questions: questions.map((q) => ({
        line: q.line,
        title: q.title,
        category: q.category,
        type: q.version.body.type,
        prompt: promptExcerpt(q.version.prompt, q.version.body),
        level: q.tags.level,
        skill: q.tags.skill,
        unit: q.tags.unit,
        notes: q.notes,
      })),
      refused,
      message: importSummary(questions.length, refused.length, false),
    };
  });

  /**
   * Every question the text holds becomes a new item of the caller's, all in one transaction.
   * A text with refused blocks is imported only when the teacher, having seen them in the
   * preview, chose to leave them out (skip_refused): never a partial import by surprise.
   */
  handle(app, 'importQuestions', async ({ db, input, caller, now, affects }) => {
    affects({ admins: true });
    const { questions, refused } = readQuestions(input);
    const first = refused[0];
    if (first && questions.length > 0 && !input.skip_refused)
      throw badRequest(
        `Nothing was imported: ${counted(refused.length, 'block')} of the text cannot be read. Line ${first.line}: ${first.reason} Fix ${refused.length === 1 ? 'it' : 'them'}, or import the other questions and leave ${refused.length === 1 ? 'it' : 'them'} out.`,
      );
    if (questions.length === 0) {
      throw badRequest(
        first
          ? `Nothing was imported: no question in the text could be read. Line ${first.line}: ${first.reason}`
          : 'Nothing was imported: the text holds no questions.',
      );
    }
    const ids = await insertItems(
      db,
      questions.map((q) => ({ ...q.tags, version: q.version })),
      caller.id,
      now(),
    );
    return {
      success: true,
      message: importSummary(ids.length, refused.length, true),
      item_ids: ids,
      refused,
    };
  });

  /**
   * The filtered bank as a GIFT file, each item under the category of its tags (read back as
   * the same tags on import); items GIFT cannot hold are written as comments naming them.
   */
  handle(app, 'exportQuestionsGift', async ({ db, input, caller, today }) => {
    const rows = await itemsForExport(db, filterOf(input, caller));
    const gift = writeGift(
      rows.map((row) => ({
        title: null,
        category: categoryForTags({
          level: row.level as CefrLevel | null,
          skill: row.skill as ItemSkill | null,
          unit: row.unit,
        }),
        version: {
          prompt: row.prompt,
          body: ItemBody.parse(JSON.parse(row.body)),
          key: ItemKey.parse(JSON.parse(row.key)),
          points: row.points,
          ...(row.general_feedback === null ? {} : { general_feedback: row.general_feedback }),
        },
      })),
    );
    return {
      success: true,
      gift,
      file_name: `question-bank-${today()}.gift`,
      count: rows.length,
    };
  });
}
