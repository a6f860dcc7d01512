import type { CallResponse } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { balanceWords, hasMoney, nextInstalment } from '@academy/contract/tuition/statement';
import { Wallet } from 'lucide-react';
import { formatShortDate } from '../../lib/dates';
import { useAcademyToday, useMyStatement } from '../../shared/own-statement';
import { paths } from '../../shared/paths';
import { Tile } from '../../ui';

/**
 * The student home's Payments tile (issue 52, point 6): what they owe (or "Nothing owed", or
 * their credit) and the next instalment, its amount and day, or that it is late. Shown only to
 * a student with money on record (the academy's currency set and a row in their ledger): one
 * who was never charged has nothing to see there. It waits for the statement, kept on the
 * phone, so a tile never flashes in and out; a failed read leaves it out rather than alarm.
 * Its words are the contract's (tuition/statement.ts), as My payments says them.
 */
export function PaymentsTile({ iconSize }: { iconSize: number }) {
  const { data } = useMyStatement();
  if (!data?.currency || !hasMoney(data)) return null;
  return (
    <Tile
      to={paths.myPayments}
      icon={<Wallet size={iconSize} />}
      label="Payments"
      note={<PaymentsNote statement={data} currency={data.currency} />}
    />
  );
}

/**
 * The tile's words. Apart from the tile because of the academy's today: the first date
 * format a page creates costs some 30 ms of a phone's main thread (the browser loads its
 * calendar data), which a student with no money on record should not pay on every home
 * (bench:lighthouse, issue 50 point 7).
 */
function PaymentsNote({
  statement,
  currency,
}: {
  statement: CallResponse<'getStatement'>;
  currency: Currency;
}) {
  const today = useAcademyToday();
  const next = nextInstalment(statement.instalments, today);
  const nextLine =
    next &&
    `${next.state === 'overdue' ? 'Overdue' : 'Next'}: ${formatMoney(next.outstanding, currency, {
      withCode: true,
    })}, ${next.state === 'today' ? 'today' : formatShortDate(next.due_day)}`;
  return (
    <>
      <span>{balanceWords(statement.balance, currency, 'payer')}</span>
      {nextLine && <span>{` · ${nextLine}`}</span>}
    </>
  );
}
