import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 31: messages that reach a person whose app is closed.
 * - `outbox`: a row per recipient and channel (push, e-mail, SMS), written in the same
 *   transaction as what caused it (features/messages). `state` moves queued → sending → sent,
 *   or → failed (the reason in `error`) or skipped (nothing to send it to). `send_after` holds
 *   it back (quiet hours, the day's digest, a retry's back-off); `claimed_until` is how long a
 *   sender may hold it before another may take it again. It goes with its person.
 * - `message_choices`: a person's choices as JSON (contract/src/messages.ts, choicesFrom); no
 *   row: the defaults.
 * - `push_subscriptions`: a device that turned push on (its endpoint and keys, RFC 8291).
 * - `guardians`: a student's guardians, who may be sent some kinds of message.
 * - `academy_settings.guardian_kinds`: which kinds go to guardians, as JSON; null: the defaults.
 *   `email_settings` (the SMTP server, its password encrypted) and `sms_gateway` (the HTTP
 *   gateway): each channel's settings as JSON; null: the channel is not set up, so nothing is
 *   queued for it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const time = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('guardians')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('student_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guardians_student').on('guardians').column('student_id').execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('guardian_id', 'integer', (c) => c.references('guardians.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_after', time, (c) => c.notNull())
    .addColumn('claimed_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .addColumn('error', 'text')
    .execute();
  // The sender asks for what is due; the administrator's list and the cleaning read by time.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'send_after']).execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
  await db.schema.createIndex('outbox_user').on('outbox').column('user_id').execute();
  await db.schema
    .createTable('message_choices')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_sent_at', time)
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  for (const column of ['guardian_kinds', 'email_settings', 'sms_gateway'])
    await db.schema.alterTable('academy_settings').addColumn(column, 'text').execute();
}
