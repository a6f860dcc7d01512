import { isWrite, type RouteMeta, routes } from '@academy/contract/routes';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { backTo } from '../../shared/paths';
import {
  Card,
  Facts,
  ItemList,
  Options,
  QueryView,
  Screen,
  SelectField,
  SubmitButton,
} from '../../ui';
import styles from './audit.module.css';
import { type AuditEntry, actionLabel, describeEntry } from './audit-words';
import { useAuditLog } from './use-audit-log';

/**
 * What the log can hold: every admin or staff call (administrators' and teachers') that
 * changes something, and every student call staff can make for a student. The filter's
 * choices come from the route table.
 */
const adminWrites = Object.entries(routes)
  .filter(
    ([, meta]: [string, RouteMeta]) =>
      isWrite(meta) &&
      (meta.access === 'admin' ||
        meta.access === 'staff' ||
        (meta.access === 'user' && !meta.ownSession)),
  )
  .map(([name]) => name)
  .sort((a, b) => actionLabel(a).localeCompare(actionLabel(b)));

/** One change: who did what to whom, when, and the fields that matter, in words. */
function Change({ entry }: { entry: AuditEntry }) {
  const { sentence, when, details, isCut } = describeEntry(entry);
  return (
    <Card className={styles.entry}>
      <p className={styles.sentence}>{sentence}</p>
      <p className={styles.when}>{when}</p>
      {entry.target_user_id !== null && entry.target_user_name && (
        <p className={styles.when}>
          {entry.target_user_deleted ? (
            // Their page went with them: the name the entry kept, not a link to nothing.
            `${entry.target_user_name} (deleted)`
          ) : (
            <StudentLink id={entry.target_user_id}>{entry.target_user_name}</StudentLink>
          )}
        </p>
      )}
      {details.length > 0 && <Facts facts={details} className={styles.details} />}
      {isCut && <p className={styles.when}>The details were too long to keep in full.</p>}
    </Card>
  );
}

/** /audit-log (new): who changed what and when, newest first. */
export default function AuditLogScreen() {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Screen
      title="Audit Log"
      subtitle="Every change made by an administrator or a teacher."
      back={backTo.dashboard}
    >
      <SelectField label="Show" value={action} onChange={(e) => setAction(e.target.value)}>
        <option value="">All changes</option>
        <Options values={adminWrites} label={actionLabel} />
      </SelectField>
      <QueryView
        query={log}
        loading="Loading the audit log..."
        error={explainFailure('Failed to load the audit log.')}
        empty="No changes recorded yet."
        isEmpty={() => entries.length === 0}
      >
        {() => (
          <>
            <ItemList label="Changes, newest first" ordered>
              {entries.map((entry) => (
                <Change key={entry.id} entry={entry} />
              ))}
            </ItemList>
            {log.hasNextPage && (
              <SubmitButton
                type="button"
                variant="secondary"
                onClick={() => void log.fetchNextPage()}
                busy={log.isFetchingNextPage}
                busyLabel="Loading..."
              >
                Show older changes
              </SubmitButton>
            )}
          </>
        )}
      </QueryView>
    </Screen>
  );
}
