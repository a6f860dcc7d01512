import { CHANNEL_WORDS, canSendAgain, OUTBOX_KIND_WORDS } from '@academy/contract/messages';
import { explainFailure } from '../../api/failure-text';
import { formatLongDateTime } from '../../lib/dates';
import { backTo } from '../../shared/paths';
import {
  Button,
  FormMessage,
  Options,
  PagedList,
  Screen,
  SelectField,
  Table,
  Tag,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import styles from './messages.module.css';
import { type OutboxAnswer, type OutboxFilter, useOutbox, useResendOutbox } from './use-messages';

type Row = OutboxAnswer['rows'][number];

const STATE_WORDS: Record<Row['state'], string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};
const STATE_TONES = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
} as const;
const FILTERS: OutboxFilter[] = ['all', 'failed', 'queued', 'sent', 'skipped'];

const recipient = (row: Row) =>
  row.guardian_name ? `${row.guardian_name} (guardian of ${row.user_name})` : row.user_name;

/** When: sent, or what it waits for, or when it was made. */
const when = (row: Row) =>
  row.sent_at
    ? `Sent ${formatLongDateTime(row.sent_at)}`
    : row.state === 'queued'
      ? `Not before ${formatLongDateTime(row.send_after)}`
      : `Queued ${formatLongDateTime(row.created_at)}`;

/**
 * /outbox (issue 31, point 1): what went, waits or failed by push, e-mail and SMS, newest
 * first, with why a message failed or was skipped; a failed one can be sent again. A
 * "Forgot password?" e-mail that failed is here too, without its link.
 */
export default function OutboxScreen() {
  const { filters, setFilter, pager } = usePagedFilters({ state: 'all' as OutboxFilter, page: 1 });
  const outbox = useOutbox(filters.state, filters.page);
  const resend = useResendOutbox();
  const message = useFormOutcome();
  const label = (state: OutboxFilter, counts?: OutboxAnswer['counts']) =>
    state === 'all' ? 'All' : `${STATE_WORDS[state]}${counts ? ` (${counts[state]})` : ''}`;

  return (
    <Screen title="Outbox" back={backTo.dashboard}>
      <SelectField
        label="Show"
        value={filters.state}
        onChange={(e) => setFilter({ state: e.target.value as OutboxFilter })}
      >
        <Options values={FILTERS} label={(state) => label(state, outbox.data?.counts)} />
      </SelectField>
      <FormMessage outcome={message} />
      <PagedList
        query={outbox}
        pager={pager}
        loading="Loading the outbox..."
        error={explainFailure('The outbox could not be loaded. Please try again.')}
        empty="No messages here. Messages sent by push, e-mail or SMS appear here."
        isEmpty={(data) => data.rows.length === 0}
      >
        {(data) => (
          <Table
            label="Messages by push, e-mail and SMS"
            rows={data.rows}
            columns={[
              { header: 'To', cell: recipient },
              {
                header: 'By',
                cell: (r) => `${CHANNEL_WORDS[r.channel]}${r.digest ? ' (digest)' : ''}`,
                kind: 'short',
              },
              {
                header: 'Message',
                cell: (r) => `${OUTBOX_KIND_WORDS[r.kind]}: ${r.text}`,
                kind: 'text',
              },
              {
                header: 'State',
                cell: (r) => <Tag tone={STATE_TONES[r.state]}>{STATE_WORDS[r.state]}</Tag>,
                kind: 'short',
              },
              { header: 'When', cell: when, kind: 'short' },
              {
                header: 'Why',
                cell: (r) => <span className={styles.why}>{r.error ?? ''}</span>,
                kind: 'text',
              },
              {
                header: 'Action',
                cell: (r) =>
                  canSendAgain(r) ? (
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(
                          r.id,
                          message.reports(explainFailure('It could not be sent again.')),
                        )
                      }
                    >
                      Send again
                    </Button>
                  ) : null,
                kind: 'short',
              },
            ]}
          />
        )}
      </PagedList>
    </Screen>
  );
}
