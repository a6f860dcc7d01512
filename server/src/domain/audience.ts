import { MESSAGE_KINDS, type MessageKind } from '@academy/contract/messages';
import type { Db } from '../db/index.js';
import { inSlices } from '../db/lists.js';
import type { GuardianContact } from './tell.js';

/**
 * Who can be reached beyond the app, as the outbox and the screens that show it ask: devices
 * with push on (features/push owns push_subscriptions and its writes) and a student's
 * guardians (features/guardians owns the table and its writes). These reads are the
 * vocabulary telling stands on (tell.ts), so they sit below the features that keep the rows.
 */

/** Those of these people with a device that turned push on. */
export async function withPush(db: Db, userIds: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const slice of inSlices([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', slice)
      .execute();
    for (const row of rows) found.add(row.user_id);
  }
  return found;
}

/** How many of a person's devices have push on. */
export async function deviceCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Each of these students' guardians, as the outbox reaches them. */
export async function guardiansOf(
  db: Db,
  studentIds: number[],
): Promise<Map<number, GuardianContact[]>> {
  const found = new Map<number, GuardianContact[]>();
  for (const slice of inSlices([...new Set(studentIds)])) {
    const rows = await db
      .selectFrom('guardians')
      .select(['id', 'student_id', 'phone', 'email', 'email_off'])
      .where('student_id', 'in', slice)
      .orderBy('id')
      .execute();
    for (const g of rows)
      found.set(g.student_id, [
        ...(found.get(g.student_id) ?? []),
        { id: g.id, phone: g.phone, email: g.email, emailOff: guardianEmailOff(g.email_off) },
      ]);
  }
  return found;
}

/**
 * The kinds a guardian turned off by e-mail with a one-click unsubscribe (issue 49, point 18),
 * from `guardians.email_off` (null: none).
 */
export function guardianEmailOff(stored: string | null): MessageKind[] {
  if (!stored) return [];
  try {
    const kinds: unknown = JSON.parse(stored);
    return Array.isArray(kinds) ? MESSAGE_KINDS.filter((k) => kinds.includes(k)) : [];
  } catch {
    return [];
  }
}

/**
 * Each of these students' brothers and sisters, as the academy knows families (issue 52,
 * point 2): other students with a guardian of the same phone number or e-mail address. A
 * student with no guardian, or none shared, has none.
 */
export async function siblingsOf(db: Db, studentIds: number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, Set<number>>();
  for (const slice of inSlices([...new Set(studentIds)])) {
    const own = await db
      .selectFrom('guardians')
      .select(['student_id', 'phone', 'email'])
      .where('student_id', 'in', slice)
      .execute();
    const phones = [...new Set(own.flatMap((g) => (g.phone ? [g.phone] : [])))];
    const emails = [...new Set(own.flatMap((g) => (g.email ? [g.email.toLowerCase()] : [])))];
    if (phones.length === 0 && emails.length === 0) continue;
    const sharing = await db
      .selectFrom('guardians')
      .select(['student_id', 'phone', 'email'])
      .where((eb) =>
        eb.or([
          ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
          ...(emails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
        ]),
      )
      .execute();
    for (const g of own)
      for (const other of sharing) {
        if (other.student_id === g.student_id) continue;
        const samePhone = g.phone !== null && other.phone === g.phone;
        const sameEmail =
          g.email !== null &&
          other.email !== null &&
          other.email.toLowerCase() === g.email.toLowerCase();
        if (!samePhone && !sameEmail) continue;
        const set = found.get(g.student_id) ?? new Set<number>();
        set.add(other.student_id);
        found.set(g.student_id, set);
      }
  }
  return new Map([...found].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
}
