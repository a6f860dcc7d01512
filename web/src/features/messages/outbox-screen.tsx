import { explainFailure } from '../../api/failure-text';
import { timesAreIn } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { backTo } from '../../shared/paths';
import {
  FormMessage,
  Options,
  PagedList,
  Screen,
  SelectField,
  Table,
  useFormOutcome,
  usePagedFilters,
} from '../../ui';
import styles from './messages.module.css';
import { outboxColumns, STATE_WORDS } from './outbox-columns';
import { type OutboxAnswer, type OutboxFilter, useOutbox, useResendOutbox } from './use-messages';

const FILTERS: OutboxFilter[] = ['all', 'failed', 'queued', 'sent', 'skipped'];

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
  const timeZone = useAcademyTimeZone();
  const columns = outboxColumns({
    timeZone,
    busy: resend.isPending,
    resend: (id) =>
      resend.mutate(id, message.reports(explainFailure('It could not be sent again.'))),
  });
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
          <>
            <p className={styles.caption}>{timesAreIn(timeZone)}</p>
            <Table label="Messages by push, e-mail and SMS" rows={data.rows} columns={columns} />
          </>
        )}
      </PagedList>
    </Screen>
  );
}
