import { explainFailure, loadingFailure } from '../../api/failure-text';
import { Card, QueryView } from '../../ui';
import styles from './sms.module.css';
import { SmsGatewayForm } from './sms-gateway-form';
import { SmsTestForm } from './sms-test-form';
import { useSmsGateway } from './use-sms';

/**
 * Settings' SMS card (issue 31, point 4): the academy's SMS provider, described as the HTTP
 * request it takes, with a monthly cap; once saved, a test SMS to a number typed here.
 */
export function SmsGatewayCard() {
  const gateway = useSmsGateway();
  return (
    <Card title="SMS">
      <p className={styles.caption}>
        Text messages go through your SMS provider's web address. Enter the request it takes: write{' '}
        <code>{'{to}'}</code> where the number goes, <code>{'{text}'}</code> where the message goes,
        and <code>{'{id}'}</code> for the message's reference (the same if a message is sent again).
      </p>
      <QueryView
        query={gateway}
        loading="Loading the SMS gateway..."
        error={explainFailure(loadingFailure('the SMS gateway'))}
      >
        {(answer) => (
          <>
            <p className={styles.status}>
              {answer.gateway
                ? `SMS is on. ${answer.sent_this_month} sent this month${answer.gateway.monthly_cap > 0 ? ` of ${answer.gateway.monthly_cap}` : ''}.`
                : 'SMS is off: no SMS is sent until a gateway is saved.'}
            </p>
            <SmsGatewayForm saved={answer.gateway} canKeepHeaders={answer.can_keep_headers} />
            {answer.gateway && <SmsTestForm />}
          </>
        )}
      </QueryView>
    </Card>
  );
}
