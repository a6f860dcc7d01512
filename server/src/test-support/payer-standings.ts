import { balanceOf, outstandingOf } from '@academy/contract/tuition/ledger';
import type { Db } from '../db/index.js';
import { ledgersOf } from '../features/tuition/ledger-data.js';

/**
 * Where the payers' kept standings (payer_balances, owed_instalments: migration 0060) differ
 * from what their ledgers say when worked out again from every row, in words; empty when they
 * agree. The tuition tests end with it, so a writer to a ledger that forgets restatePayers is
 * caught by whichever test makes it write.
 */
export async function standingsOutOfStep(db: Db): Promise<string[]> {
  const ledgers = await ledgersOf(db, 'everyone');
  const want = new Map<string, string>();
  for (const [id, ledger] of ledgers) {
    want.set(`balance ${id}`, String(balanceOf(ledger.rows)));
    for (const { instalment, outstanding } of outstandingOf(ledger.rows, ledger.instalments))
      if (outstanding > 0)
        want.set(
          `instalment ${instalment.id}`,
          `${id} ${instalment.term_id} ${instalment.due_day} ${outstanding}`,
        );
  }
  const have = new Map<string, string>();
  for (const b of await db.selectFrom('payer_balances').selectAll().execute())
    have.set(`balance ${b.student_id}`, String(b.balance));
  for (const o of await db.selectFrom('owed_instalments').selectAll().execute())
    have.set(
      `instalment ${o.instalment_id}`,
      `${o.student_id} ${o.term_id} ${o.due_day} ${o.outstanding}`,
    );
  const problems: string[] = [];
  for (const [key, value] of want)
    if (have.get(key) !== value) problems.push(`${key}: kept ${have.get(key)}, ledger ${value}`);
  for (const [key, value] of have)
    if (!want.has(key)) problems.push(`${key}: kept ${value}, ledger has none`);
  return problems;
}
