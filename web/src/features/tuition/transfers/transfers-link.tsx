import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../ui';
import { useTransfers } from './use-transfers';

/** The desk's way to Card transfers, with how many await approval once that is known. */
export function TransfersLink() {
  const awaiting = useTransfers('awaiting').data?.transfers.length;
  return (
    <ButtonLink to={paths.cardTransfers}>
      {awaiting ? `Card transfers (${awaiting} awaiting approval)` : 'Card transfers'}
    </ButtonLink>
  );
}
