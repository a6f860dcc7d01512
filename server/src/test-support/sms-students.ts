import { DEFAULT_CHOICES, type MessageChoices } from '@academy/contract/messages';
import type { TestApp } from './harness.js';

/**
 * What the SMS tests set up alike (sms.int.test.ts, sms-addresses.int.test.ts): a student with
 * their own number and SMS on for every kind of message, and an absence warning told to them
 * as the roll tells one (a notification and its outbox rows, in one transaction).
 */
export async function studentWithPhone(t: TestApp, phone: string | null, name?: string) {
  const student = await t.student(name ? { name } : {});
  if (phone) {
    const kinds = Object.fromEntries(
      Object.entries(DEFAULT_CHOICES.kinds).map(([k, c]) => [k, { ...c, sms: true }]),
    ) as MessageChoices['kinds'];
    await t.database.db
      .insertInto('message_choices')
      .values({
        user_id: student.id,
        choices: JSON.stringify({ ...DEFAULT_CHOICES, kinds, phone }),
        updated_at: t.clock.now,
      })
      .execute();
  }
  return student;
}

export async function warnOfAbsence(
  t: TestApp,
  studentId: number,
  message = 'You have reached the absence warning.',
) {
  await t.database.db
    .transaction()
    .execute((trx) =>
      t.app.deps.tell(trx, { userId: studentId, topic: 'attendance', refId: 1, text: message }),
    );
}
