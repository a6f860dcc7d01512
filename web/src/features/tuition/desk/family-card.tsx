import type { Currency } from '@academy/contract/tuition/money';
import { Link } from 'react-router';
import { hrefs } from '../../../shared/paths';
import { Card, Message } from '../../../ui';
import { balanceWords } from '../statement';
import { useFamily } from './use-desk';

/**
 * The desk's family (issue 52, points 1 and 2): when a guardian pays for brothers and sisters,
 * the office sees each child's balance and opens their statement from here. Shown only when
 * the payer has any (a family is students who share a guardian's phone or e-mail address).
 * One payment for them all is taken on the payment form ("Paid for").
 */
export function FamilyCard({ studentId, currency }: { studentId: number; currency: Currency }) {
  const family = useFamily(studentId);
  if (family.isError)
    return <Message tone="error">The family could not be loaded. Please try again.</Message>;
  const members = family.data?.family ?? [];
  if (members.length === 0) return null;
  return (
    <Card title="Family">
      <p>Brothers and sisters who share a guardian with this payer:</p>
      <ul>
        {members.map((m) => (
          <li key={m.id}>
            <Link to={hrefs.payerStatement(m.id)}>{m.name}</Link> —{' '}
            {balanceWords(m.balance, currency)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
