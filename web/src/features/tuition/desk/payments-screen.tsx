import { useState } from 'react';
import { Link } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { backTo, hrefs, paths } from '../../../shared/paths';
import {
  ActionRow,
  ButtonLink,
  EmptyState,
  ItemCard,
  QueryItemList,
  Screen,
  SearchField,
} from '../../../ui';
import { CurrencyMissing } from '../currency-missing';
import { balanceWords } from '../statement';
import { TransfersLink } from '../transfers/transfers-link';
import { useDeskCurrency, usePayers } from './use-desk';

const searchFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'The search failed: ',
  fallback: 'The search failed. Please try again.',
});

/**
 * /payments (issue 52, point 3): the desk. A payer is found by name or username, each with
 * what they owe; picking one opens their statement, where a payment is recorded.
 */
export default function PaymentsScreen() {
  const [search, setSearch] = useState('');
  // The server is asked once typing pauses, not on every key.
  const q = useDebouncedValue(search.trim());
  const payers = usePayers(q);
  const currency = useDeskCurrency();

  return (
    <Screen
      title="Payments"
      subtitle="Find a payer, then record what they pay."
      back={backTo.dashboard}
    >
      {currency.data === null && <CurrencyMissing />}
      <ActionRow>
        <TransfersLink />
        <ButtonLink to={paths.debtors}>Who owes</ButtonLink>
        <ButtonLink to={paths.moneyReports}>Money reports</ButtonLink>
        <ButtonLink to={paths.teacherPay}>Teachers’ pay</ButtonLink>
        <ButtonLink to={paths.moneyRules}>Money rules</ButtonLink>
      </ActionRow>
      <SearchField
        label="Find a payer"
        placeholder="Name or username"
        autoComplete="off"
        value={search}
        onSearch={setSearch}
      />
      {q === '' ? (
        <EmptyState>Type a student’s name or username to see what they owe.</EmptyState>
      ) : (
        <QueryItemList
          query={payers}
          loading="Searching..."
          error={searchFailure}
          empty={`No student matches “${q}”.`}
          items={(data) => data.payers}
          label="Payers found"
        >
          {(payer) => (
            <ItemCard
              title={<Link to={hrefs.payerStatement(payer.id)}>{payer.name}</Link>}
              lines={[
                `Username: ${payer.username}`,
                currency.data ? balanceWords(payer.balance, currency.data) : null,
              ]}
            />
          )}
        </QueryItemList>
      )}
    </Screen>
  );
}
