import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 51: quizzes that mark themselves.
 *
 * - `quiz_passages`: a reading text or a recording several items stand on; a recording's
 *   `play_limit` (0: no limit) is counted per attempt in `quiz_plays`. A recording is a stored
 *   file like any other (`file_id`, restrict: removed by the code that removes the passage).
 * - `quiz_items`: the bank. An item's tags (CEFR level, skill, unit) and which version is
 *   current; `archived_at` takes it out of the bank's lists and of new draws, while attempts
 *   that saw it keep it.
 * - `quiz_item_versions`: what an item was at each edit (contract quizzes/items.ts), the passage
 *   it stands on included: what a student saw is the version. Editing an item that students
 *   have answered adds a version; an attempt keeps the version it drew, and so its passage
 *   (restrict: a passage a version stands on is not deleted under it). The key has its own
 *   column so that what a student is sent is read from `body` alone.
 * - `quizzes` and `quiz_parts`: a quiz's settings and what it is made of, in order: a fixed
 *   item, or N items drawn at random from a tag (level, skill, unit; any left null matches
 *   all).
 * - `quiz_recipients`: the students a quiz was sent to (resolved when sent, as every send).
 * - `quiz_attempts` and `quiz_answers`: an attempt's drawn layout (item versions, their order
 *   and their options' order), its server deadline, how it closed, its mark; each answer as
 *   saved, with what it earned (hundredths of the item's points: automatic, or a teacher's for
 *   a spoken answer), and the Leitner card it became (point 6).
 * - `flashcards.quiz_id`: the quiz a card made from a wrong answer came from.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();

  await id('quiz_passages')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('file_id', 'integer', (c) => c.references('stored_files.id').onDelete('restrict'))
    .addColumn('play_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await index('quiz_passages_by', 'quiz_passages', ['created_by']);
  await index('quiz_passages_file', 'quiz_passages', ['file_id']);

  await id('quiz_items')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('level', 'text')
    .addColumn('skill', 'text')
    .addColumn('unit', 'text')
    .addColumn('current_version', 'integer', (c) => c.notNull())
    .addColumn('archived_at', time)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await index('quiz_items_tags', 'quiz_items', ['level', 'skill', 'unit']);
  await index('quiz_items_by', 'quiz_items', ['created_by']);

  await id('quiz_item_versions')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('quiz_items.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('general_feedback', 'text')
    .addColumn('passage_id', 'integer', (c) =>
      c.references('quiz_passages.id').onDelete('restrict'),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('quiz_item_versions_item_version', ['item_id', 'version'])
    .execute();
  await index('quiz_item_versions_by', 'quiz_item_versions', ['created_by']);
  await index('quiz_item_versions_passage', 'quiz_item_versions', ['passage_id']);

  await id('quizzes')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('access_start', time, (c) => c.notNull())
    .addColumn('access_end', time, (c) => c.notNull())
    .addColumn('time_limit_seconds', 'integer')
    .addColumn('attempts_allowed', 'integer', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('shuffle_items', 'integer', (c) => c.notNull())
    .addColumn('shuffle_options', 'integer', (c) => c.notNull())
    .addColumn('one_per_page', 'integer', (c) => c.notNull())
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('cards', 'text', (c) => c.notNull())
    .addColumn('out_of', 'integer', (c) => c.notNull())
    .addColumn('bands', 'text')
    .addColumn('class_id', 'integer', (c) => c.references('classes.id').onDelete('set null'))
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('practice_for', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await index('quizzes_class', 'quizzes', ['class_id']);
  await index('quizzes_practice_for', 'quizzes', ['practice_for']);
  await index('quizzes_by', 'quizzes', ['created_by']);

  await id('quiz_parts')
    .addColumn('quiz_id', 'integer', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.references('quiz_items.id').onDelete('cascade'))
    .addColumn('draw_count', 'integer')
    .addColumn('draw_level', 'text')
    .addColumn('draw_skill', 'text')
    .addColumn('draw_unit', 'text')
    .addUniqueConstraint('quiz_parts_position', ['quiz_id', 'position'])
    .execute();
  await index('quiz_parts_item', 'quiz_parts', ['item_id']);

  await db.schema
    .createTable('quiz_recipients')
    .addColumn('quiz_id', 'integer', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('quiz_recipients_pk', ['quiz_id', 'user_id'])
    .execute();
  await index('quiz_recipients_user', 'quiz_recipients', ['user_id']);

  await id('quiz_attempts')
    .addColumn('quiz_id', 'integer', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('started_at', time, (c) => c.notNull())
    .addColumn('deadline', time, (c) => c.notNull())
    .addColumn('submitted_at', time)
    .addColumn('closed_by', 'text')
    .addColumn('hundredths', 'integer')
    .addColumn('out_of', 'integer', (c) => c.notNull())
    .addColumn('awaiting_marks', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('quiz_attempts_number', ['quiz_id', 'user_id', 'number'])
    .execute();
  await index('quiz_attempts_user', 'quiz_attempts', ['user_id']);
  await index('quiz_attempts_open', 'quiz_attempts', ['submitted_at', 'deadline']);

  await db.schema
    .createTable('quiz_answers')
    .addColumn('attempt_id', 'integer', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version_id', 'integer', (c) =>
      c.notNull().references('quiz_item_versions.id').onDelete('cascade'),
    )
    .addColumn('response', 'text')
    .addColumn('saved_at', time)
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hundredths', 'integer')
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('card_id', 'integer', (c) => c.references('flashcards.id').onDelete('set null'))
    .addPrimaryKeyConstraint('quiz_answers_pk', ['attempt_id', 'position'])
    .execute();
  await index('quiz_answers_version', 'quiz_answers', ['version_id']);
  await index('quiz_answers_marked_by', 'quiz_answers', ['marked_by']);
  await index('quiz_answers_card', 'quiz_answers', ['card_id']);

  // A card made from a wrong answer names its quiz (point 6); the quiz's deletion keeps the card.
  await db.schema
    .alterTable('flashcards')
    .addColumn('quiz_id', 'integer', (c) => c.references('quizzes.id').onDelete('set null'))
    .execute();
  await index('flashcards_quiz', 'flashcards', ['quiz_id']);

  await db.schema
    .createTable('quiz_plays')
    .addColumn('attempt_id', 'integer', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('passage_id', 'integer', (c) =>
      c.notNull().references('quiz_passages.id').onDelete('cascade'),
    )
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_plays_pk', ['attempt_id', 'passage_id'])
    .execute();
  await index('quiz_plays_passage', 'quiz_plays', ['passage_id']);
}
