import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { paths } from '../../../shared/paths';
import { Card, QueryView, Screen } from '../../../ui';
import { useMoneyRules } from '../use-money-rules';
import { MoneyRulesForm } from './money-rules-form';

const loadFailure = explainFailure({
  network: NO_CONNECTION,
  refusalPrefix: 'Error loading the money rules: ',
  fallback: 'The money rules could not be loaded. Please try again.',
});

/**
 * /payments/rules (issue 52, point 2): the academy's money rules. What a student joining late
 * is charged, what is kept when one leaves, and the sibling and staff child discounts; saved
 * rules apply to charges made from then on.
 */
export default function MoneyRulesScreen() {
  const rules = useMoneyRules();
  return (
    <Screen
      title="Money rules"
      subtitle="How fees are charged, discounted and refunded."
      back={{ to: paths.payments, label: 'Back to Payments' }}
    >
      <Card title="The academy’s rules">
        <QueryView query={rules} loading="Loading the money rules..." error={loadFailure}>
          {(answer) => <MoneyRulesForm saved={answer} />}
        </QueryView>
      </Card>
    </Screen>
  );
}
