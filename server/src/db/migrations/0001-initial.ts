import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * The whole schema of spec section 3 at once, so later features add columns rather than
 * rethink tables. Dialect-neutral: only the id and timestamp column types differ.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  /** Epoch milliseconds need 64 bits: SQLite integers are, PostgreSQL integers are not. */
  const time = pg ? 'bigint' : 'integer';

  const table = (
    name: string,
    build: (t: CreateTableBuilder<string, 'id'>) => CreateTableBuilder<string, string>,
  ) => {
    const withId = db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
    return build(withId).execute();
  };
  /** A foreign key to `target.id`; deleting a user removes what is theirs. */
  const ref =
    (target: string, onDelete: 'cascade' | 'set null' | 'restrict') =>
    (c: ColumnDefinitionBuilder) =>
      c.references(`${target}.id`).onDelete(onDelete);

  await table('users', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('gender', 'text', (c) => c.notNull().defaultTo('male'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_seen_at', time)
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull()),
  );
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex('users_last_seen').on('users').column('last_seen_at').execute();
  await db.schema.createIndex('users_role_name').on('users').columns(['role_id', 'name']).execute();

  await table('auth_tokens', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('revoked_at', time),
  );
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await table('login_failures', (t) =>
    t
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', time, (c) => c.notNull()),
  );
  await db.schema
    .createIndex('login_failures_lookup')
    .on('login_failures')
    .columns(['kind', 'key', 'at'])
    .execute();

  await table('notifications', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_at', time),
  );
  await db.schema
    .createIndex('notifications_user_read')
    .on('notifications')
    .columns(['user_id', 'is_read', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_read_id')
    .on('notifications')
    .columns(['is_read', 'id'])
    .execute();

  await table('schedule_sessions', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('session_number', 'integer', (c) => c.notNull())
      .addColumn('session_day', 'text', (c) => c.notNull())
      .addColumn('session_date', 'text', (c) => c.notNull())
      .addColumn('session_time', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addUniqueConstraint('schedule_sessions_user_number', ['user_id', 'session_number']),
  );

  await table('stored_files', (t) =>
    t
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => ref('users', 'set null')(c))
      .addColumn('created_at', time, (c) => c.notNull()),
  );

  await table('assignments', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_at', time)
      .addColumn('created_by', 'integer', (c) => ref('users', 'set null')(c)),
  );
  await db.schema
    .createIndex('assignments_user_read')
    .on('assignments')
    .columns(['user_id', 'is_read'])
    .execute();

  await table('assignment_links', (t) =>
    t
      .addColumn('assignment_id', 'integer', (c) => ref('assignments', 'cascade')(c).notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('assignment_links_assignment')
    .on('assignment_links')
    .columns(['assignment_id', 'position'])
    .execute();

  await table('submissions', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull()),
  );
  await db.schema.createIndex('submissions_user').on('submissions').column('user_id').execute();

  await table('submission_files', (t) =>
    t
      .addColumn('submission_id', 'integer', (c) => ref('submissions', 'cascade')(c).notNull())
      .addColumn('file_id', 'integer', (c) => ref('stored_files', 'restrict')(c).notNull())
      .addColumn('position', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('submission_files_submission')
    .on('submission_files')
    .columns(['submission_id', 'position'])
    .execute();

  await table('corrections', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => ref('users', 'set null')(c)),
  );
  await db.schema.createIndex('corrections_user').on('corrections').column('user_id').execute();

  await table('correction_files', (t) =>
    t
      .addColumn('correction_id', 'integer', (c) => ref('corrections', 'cascade')(c).notNull())
      .addColumn('file_id', 'integer', (c) => ref('stored_files', 'restrict')(c).notNull())
      .addColumn('position', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('correction_files_correction')
    .on('correction_files')
    .columns(['correction_id', 'position'])
    .execute();

  await table('flashcards', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('front_text', 'text', (c) => c.notNull())
      .addColumn('back_text', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('next_review_date', 'text', (c) => c.notNull())
      .addColumn('last_done_date', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull()),
  );
  await db.schema
    .createIndex('flashcards_user_due')
    .on('flashcards')
    .columns(['user_id', 'level', 'next_review_date'])
    .execute();

  await table('skill_items', (t) =>
    t
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('access_start', time, (c) => c.notNull())
      .addColumn('access_end', time, (c) => c.notNull())
      .addColumn('file_id', 'integer', (c) => ref('stored_files', 'restrict')(c))
      .addColumn('link_url', 'text')
      .addColumn('for_all_students', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => ref('users', 'set null')(c)),
  );
  await db.schema
    .createIndex('skill_items_kind_window')
    .on('skill_items')
    .columns(['kind', 'access_start'])
    .execute();

  await db.schema
    .createTable('skill_item_students')
    .addColumn('item_id', 'integer', (c) => ref('skill_items', 'cascade')(c).notNull())
    .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
    .addPrimaryKeyConstraint('skill_item_students_pk', ['item_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('skill_attempts')
    .addColumn('item_id', 'integer', (c) => ref('skill_items', 'cascade')(c).notNull())
    .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
    .addColumn('started_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('skill_attempts_pk', ['item_id', 'user_id'])
    .execute();

  await table('speaking_questions', (t) =>
    t
      .addColumn('question_text', 'text', (c) => c.notNull())
      .addColumn('start_time', time, (c) => c.notNull())
      .addColumn('end_time', time, (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => ref('users', 'set null')(c)),
  );
  await table('speaking_answers', (t) =>
    t
      .addColumn('question_id', 'integer', (c) => ref('speaking_questions', 'cascade')(c).notNull())
      .addColumn('user_id', 'integer', (c) => ref('users', 'cascade')(c).notNull())
      .addColumn('file_id', 'integer', (c) => ref('stored_files', 'restrict')(c).notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addUniqueConstraint('speaking_answers_one_per_student', ['question_id', 'user_id']),
  );
}
