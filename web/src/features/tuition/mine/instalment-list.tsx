import { formatMoney } from '@academy/contract/tuition/money';
import { formatLongDate } from '../../../lib/dates';
import { ItemCard, ItemList, Tag } from '../../../ui';
import styles from './payments.module.css';
import type { InstalmentView, StatementView } from './statement-view';

/** Each state's tag, in words (a colour alone says nothing to a screen reader). */
const STATE_TAGS = {
  paid: { tone: 'success', words: 'Paid' },
  overdue: { tone: 'danger', words: 'Overdue' },
  today: { tone: 'warning', words: 'Due today' },
  upcoming: { tone: 'info', words: 'To pay' },
} as const;

function InstalmentCard({ instalment, view }: { instalment: InstalmentView; view: StatementView }) {
  const money = (amount: number) => formatMoney(amount, view.currency, { withCode: true });
  const tag = STATE_TAGS[instalment.state];
  const due = formatLongDate(instalment.due_day);
  return (
    <ItemCard
      title={`${instalment.label}: ${money(instalment.amount)}`}
      lines={[
        instalment.state === 'overdue' ? `Was due ${due}` : `Due ${due}`,
        instalment.isPartPaid && `${money(instalment.outstanding)} still to pay`,
      ]}
      meta={
        <div className={styles.tags}>
          <Tag tone={tag.tone}>{tag.words}</Tag>
          {instalment.isPartPaid && <Tag tone="info">Part paid</Tag>}
        </div>
      }
    />
  );
}

/** The instalments, in the order they fall due: paid ones marked paid, late ones overdue. */
export function InstalmentList({ view }: { view: StatementView }) {
  if (view.instalments.length === 0) return null;
  return (
    <section aria-labelledby="payments-instalments" className={styles.section}>
      <h2 id="payments-instalments" className={styles.sectionTitle}>
        Instalments
      </h2>
      <ItemList label="Instalments">
        {view.instalments.map((instalment) => (
          <InstalmentCard key={instalment.id} instalment={instalment} view={view} />
        ))}
      </ItemList>
    </section>
  );
}
