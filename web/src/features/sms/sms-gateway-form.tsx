import { KEPT_HEADER, type SMS_METHODS, type SmsContentType } from '@academy/contract/messages';
import { saveFailure } from '../../api/save-failure';
import {
  ConfirmedChangeButton,
  FieldRow,
  Form,
  FormActions,
  NumberField,
  SelectField,
  TextAreaField,
  UrlField,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './sms.module.css';
import { type SmsGatewayAnswer, useRemoveSmsGateway, useSaveSmsGateway } from './use-sms';

type Saved = SmsGatewayAnswer['gateway'];

/** Header lines with their values shown as kept. */
const keptLines = (lines: string) =>
  lines
    .split('\n')
    .filter((line) => line.includes(':'))
    .map((line) => `${line.slice(0, line.indexOf(':')).trim()}: ${KEPT_HEADER}`)
    .join('\n');

const EXAMPLE_BODY = '{"to": "{to}", "text": "{text}", "reference": "{id}"}';

/**
 * The gateway's request: method, address, headers (their values kept, shown as [kept]), how
 * the body is sent and the body, and the monthly cap. The server checks it (the address's
 * rule, each header line, the placeholders, JSON that stays JSON) and says what is wrong.
 */
export function SmsGatewayForm({
  saved,
  canKeepHeaders,
}: {
  saved: Saved;
  canKeepHeaders: boolean;
}) {
  const save = useSaveSmsGateway();
  const remove = useRemoveSmsGateway();
  const { values, bind, set } = useFields({
    method: (saved?.method ?? 'POST') as (typeof SMS_METHODS)[number],
    url: saved?.url ?? '',
    secret_headers: (saved?.header_names ?? []).map((n) => `${n}: ${KEPT_HEADER}`).join('\n'),
    content_type: (saved?.content_type ?? 'json') as SmsContentType,
    body: saved?.body ?? '',
    monthly_cap: String(saved?.monthly_cap ?? 0),
  });
  const outcome = useFormOutcome(() =>
    values.url.trim() ? null : "Please enter the gateway's address.",
  );
  const reports = outcome.reports(saveFailure);
  // Once saved, the values typed are kept and shown as kept, as a saved password is not shown.
  const removed = {
    ...reports,
    onSuccess: (answer: { message: string }) => {
      set({ secret_headers: '' });
      reports.onSuccess(answer);
    },
  };
  const isPost = values.method === 'POST';
  const handleSend = () =>
    save.mutate(values, {
      ...reports,
      onSuccess: (answer) => {
        set({ secret_headers: keptLines(values.secret_headers) });
        reports.onSuccess(answer);
      },
    });

  return (
    <Form onSend={handleSend} outcome={outcome} aria-label="SMS gateway">
      <FieldRow>
        <SelectField label="Method" {...bind('method')}>
          <option value="POST">POST</option>
          <option value="GET">GET</option>
        </SelectField>
        <NumberField
          label="Monthly cap"
          hint="SMS a month at most; 0 for no cap."
          {...bind('monthly_cap')}
        />
      </FieldRow>
      <UrlField
        label="Gateway address"
        hint="https:// (http:// only for a gateway on your own network)."
        {...bind('url')}
      />
      <TextAreaField
        label="Headers"
        hint={
          canKeepHeaders
            ? `One a line, as Name: value (an API key goes here). Values are kept encrypted and never shown again: ${KEPT_HEADER} keeps one.`
            : 'This server cannot keep header values: whoever runs it must set SETTINGS_KEY first. A gateway without headers can be saved.'
        }
        rows={3}
        className={styles.code}
        spellCheck={false}
        {...bind('secret_headers')}
      />
      {isPost && (
        <>
          <SelectField label="Send the body as" {...bind('content_type')}>
            <option value="json">JSON</option>
            <option value="form">A form (name=value&amp;…)</option>
          </SelectField>
          <TextAreaField
            label="Body"
            hint={
              values.content_type === 'json'
                ? `Such as ${EXAMPLE_BODY}`
                : 'Such as to={to}&message={text}'
            }
            rows={3}
            className={styles.code}
            spellCheck={false}
            {...bind('body')}
          />
        </>
      )}
      <FormActions outcome={outcome} label="Save SMS gateway" busy={save.isPending} fill>
        <ConfirmedChangeButton
          change={remove}
          variables={{}}
          reports={removed}
          offered={Boolean(saved)}
          label="Turn SMS off"
          title="Turn SMS off?"
          confirmLabel="Turn SMS off"
        >
          No more SMS will be sent, and those still waiting are not sent. The gateway's settings are
          forgotten.
        </ConfirmedChangeButton>
      </FormActions>
    </Form>
  );
}
