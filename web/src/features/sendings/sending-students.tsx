import type { CallResponse } from '@academy/contract';
import { StudentLink } from '../../components';
import { WorkStateTag } from '../../components/work-state';
import { formatLongDateTime } from '../../lib/dates';
import { Card, EmptyState, Pager, ProgressBar, SelectField } from '../../ui';
import { handedInWords, readWords } from './read-words';
import styles from './sendings.module.css';

/** The Students filter: by reading, or (an assignment's) by work handed in. */
export type Show = 'all' | 'read' | 'unread' | 'handed_in' | 'not_handed_in';
export const filtersOf = (show: Show) =>
  show === 'handed_in' || show === 'not_handed_in'
    ? { read: 'all' as const, work: show }
    : { read: show, work: 'all' as const };
const emptyWords: Record<Show, string> = {
  all: 'Nobody has read it yet.',
  read: 'Nobody has read it yet.',
  unread: 'Everyone has read it.',
  handed_in: 'Nobody has handed in work for it yet.',
  not_handed_in: 'Everyone has handed in work for it.',
};

type Answer = CallResponse<'getSending'>;

interface SendingStudentsProps extends Pick<Answer, 'sending' | 'students'> {
  hasMore: boolean;
  show: Show;
  /** A new filter, from its first page. */
  onShow: (show: Show) => void;
  page: number;
  onPage: (page: number) => void;
  /** The next page or filter is on its way. */
  isLoading: boolean;
}

/** How many read it (and handed in work), then each student's state, filtered and paged. */
export function SendingStudents({
  sending,
  students,
  hasMore,
  show,
  onShow,
  page,
  onPage,
  isLoading,
}: SendingStudentsProps) {
  return (
    <Card title={readWords(sending.read_count, sending.total)}>
      <ProgressBar
        percent={sending.total ? (100 * sending.read_count) / sending.total : 0}
        label={readWords(sending.read_count, sending.total)}
      />
      {sending.handed_in_count !== null && (
        <>
          <p className={styles.intro}>{handedInWords(sending.handed_in_count, sending.total)}</p>
          <ProgressBar
            percent={sending.total ? (100 * sending.handed_in_count) / sending.total : 0}
            label={handedInWords(sending.handed_in_count, sending.total)}
          />
        </>
      )}
      <SelectField label="Students" value={show} onChange={(e) => onShow(e.target.value as Show)}>
        <option value="all">All</option>
        <option value="unread">Not read yet</option>
        <option value="read">Read</option>
        {sending.kind === 'assignment' && (
          <>
            <option value="not_handed_in">Not handed in</option>
            <option value="handed_in">Handed in</option>
          </>
        )}
      </SelectField>
      {students.length === 0 ? (
        <EmptyState>{emptyWords[show]}</EmptyState>
      ) : (
        <ul className={styles.students} aria-label="Students and whether they read it">
          {students.map((s) => (
            <li key={s.user_id} className={styles.student}>
              <StudentLink id={s.user_id}>{s.name}</StudentLink>
              <span className={styles.states}>
                {s.is_read ? (
                  <span className={styles.read}>
                    Read {s.read_at ? formatLongDateTime(s.read_at) : ''}
                  </span>
                ) : (
                  <span className={styles.unread}>Not read yet</span>
                )}
                {sending.kind === 'assignment' && (
                  <span className={styles.work}>
                    <WorkStateTag state={s.work_state} />
                    {s.submitted_at ? (
                      <span>Handed in {formatLongDateTime(s.submitted_at)}</span>
                    ) : (
                      <span className={styles.unread}>Not handed in</span>
                    )}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} isLoading={isLoading} onPage={onPage} />
    </Card>
  );
}
