import type { Currency } from '@academy/contract/tuition/money';
import { formatMoney } from '@academy/contract/tuition/money';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatLongDate, formatLongDateTime } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import { hrefs } from '../../../shared/paths';
import { ActionRow, Button, FileLink, ItemCard } from '../../../ui';
import { type CardTransfer, isImageName, transferStateWords } from './transfer-draft';
import styles from './transfers.module.css';

/** The receipt's photo: a small preview that opens it in a new tab, or a link to a PDF. */
function ReceiptPhoto({ transfer }: { transfer: CardTransfer }) {
  const href = resolveFileUrl(transfer.photo_url);
  if (!isImageName(transfer.photo_name))
    return (
      <FileLink href={href} icon={<FileText size={14} aria-hidden="true" />}>
        Open the receipt: {transfer.photo_name}
      </FileLink>
    );
  return (
    <a className={styles.photo} href={href} target="_blank" rel="noopener noreferrer">
      <img src={href} alt={`The receipt’s photo, ${transfer.photo_name} (opens in a new tab)`} />
    </a>
  );
}

/**
 * One transfer as the office checks it: the payer (their statement at the desk), the amount
 * and day, the card's ending and the tracking number, the receipt's photo, and Approve and
 * Reject while it awaits approval (afterwards, who decided and when).
 */
export function TransferReview({
  transfer,
  currency,
  onDecide,
}: {
  transfer: CardTransfer;
  currency: Currency;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const amount = formatMoney(transfer.amount, currency, { withCode: true });
  const isAwaiting = transfer.state === 'awaiting';
  return (
    <ItemCard
      title={<Link to={hrefs.payerStatement(transfer.student.id)}>{transfer.student.name}</Link>}
      lines={[
        `${amount}, paid ${formatLongDate(transfer.day)}`,
        `Card ending ${transfer.card_last4}, tracking number ${transfer.tracking}`,
        `Reported ${formatLongDateTime(transfer.created_at)}`,
        isAwaiting
          ? null
          : `${transferStateWords(transfer)}${transfer.decided_by_name ? `, by ${transfer.decided_by_name}` : ''}`,
      ]}
      actions={
        isAwaiting && (
          <ActionRow>
            <Button
              variant="primary"
              size="small"
              aria-label={`Approve ${amount} from ${transfer.student.name}`}
              onClick={() => onDecide('approve')}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              size="small"
              aria-label={`Reject ${amount} from ${transfer.student.name}`}
              onClick={() => onDecide('reject')}
            >
              Reject
            </Button>
          </ActionRow>
        )
      }
    >
      <ReceiptPhoto transfer={transfer} />
    </ItemCard>
  );
}
