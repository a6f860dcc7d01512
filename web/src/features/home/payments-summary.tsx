import type { CallResponse } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { balanceWords, nextInstalment } from '@academy/contract/tuition/statement';
import { Wallet } from 'lucide-react';
import { formatShortDate } from '../../lib/dates';
import { useAcademyToday } from '../../shared/academy-today';
import { paths } from '../../shared/paths';
import { Tile } from '../../ui';

/**
 * The Payments tile as drawn (payments-tile.tsx decides whether it shows): what the student
 * owes (or "Nothing owed", or their credit) and the next instalment, its amount and day, or
 * that it is late. Its words are the contract's (tuition/statement.ts), as My payments says
 * them. A chunk of its own: the academy's today and the date words are read only for a
 * student with money on record, and the first date format a page creates costs some 30 ms of
 * a phone's main thread (the browser loads its calendar data; bench:lighthouse, issue 50
 * point 7).
 */
export default function PaymentsSummary({
  statement,
  currency,
  iconSize,
}: {
  statement: CallResponse<'getStatement'>;
  currency: Currency;
  iconSize: number;
}) {
  const today = useAcademyToday();
  const next = nextInstalment(statement.instalments, today);
  const nextLine =
    next &&
    `${next.state === 'overdue' ? 'Overdue' : 'Next'}: ${formatMoney(next.outstanding, currency, {
      withCode: true,
    })}, ${next.state === 'today' ? 'today' : formatShortDate(next.due_day)}`;
  return (
    <Tile
      to={paths.myPayments}
      icon={<Wallet size={iconSize} />}
      label="Payments"
      note={
        <>
          <span>{balanceWords(statement.balance, currency, 'payer')}</span>
          {nextLine && <span>{` · ${nextLine}`}</span>}
        </>
      }
    />
  );
}
