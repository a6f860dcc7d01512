import { MAX_NOTIFICATION_LENGTH } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { failureText } from '../../api/failure-text';
import { StudentLink } from '../../components';
import { formatDue, formatLongDateTime, timesAreIn, toLocalInputValue } from '../../lib/dates';
import { hrefs, paths } from '../../shared/paths';
import {
  Button,
  Card,
  EmptyState,
  Form,
  FormMessage,
  ItemText,
  Meta,
  Pager,
  ProgressBar,
  QueryView,
  Screen,
  SelectField,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../ui';
import {
  emptyLink,
  FileLinksField,
  filledLinks,
  type LinkRow,
  linksProblem,
} from '../assignments/file-links-field';
import { WorkStateTag } from '../assignments/work-state';
import { useAcademyTimeZone } from '../branding/queries';
import { handedInWords, readWords } from './read-words';
import styles from './sendings.module.css';
import { useSending, useUpdateSending } from './use-sendings';

/** The Students filter: by reading, or (an assignment's) by work handed in. */
type Show = 'all' | 'read' | 'unread' | 'handed_in' | 'not_handed_in';
const filtersOf = (show: Show) =>
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

/** /sent-items/:id (new): one item sent to many; an id that is not a number goes to the list. */
export default function SentItemScreen() {
  const id = useParams().id ?? '';
  if (!/^\d+$/.test(id)) return <Navigate to={paths.sentItems} replace />;
  // Keyed by the item, so another item starts with its own filter, page and edit state.
  return <SentItemPage key={id} sendingId={Number(id)} />;
}

/**
 * One item sent to many: its text (editable), how many read it and, for an assignment, handed
 * in work naming it, and each student's state.
 */
function SentItemPage({ sendingId }: { sendingId: number }) {
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const sending = useSending(sendingId, { ...filtersOf(show), page });
  const zone = useAcademyTimeZone();
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const item = sending.data?.sending;

  return (
    <Screen
      title={item?.title ?? 'Sent item'}
      subtitle={item ? `To ${item.recipients} · ${formatLongDateTime(item.created_at)}` : undefined}
      back={{
        to: hrefs.sentItems(item?.kind),
        label: 'Back to Sent Items',
      }}
    >
      <QueryView
        query={sending}
        error={(error) =>
          failureText(error, { fallback: 'The sent item could not be loaded. Please try again.' })
        }
      >
        {(data) => (
          <>
            <Card title={data.sending.kind === 'assignment' ? 'Assignment' : 'Notification'}>
              {isEditing ? (
                <EditSending
                  sending={data.sending}
                  onDone={(message) => {
                    setEditing(false);
                    setSaved(message);
                  }}
                />
              ) : (
                <>
                  {data.sending.kind === 'assignment' ? (
                    <>
                      <ItemText>{data.sending.description}</ItemText>
                      <Meta>
                        {data.sending.due_at
                          ? `Due by ${formatDue(data.sending.due_at, zone)}`
                          : 'No due date and time.'}
                      </Meta>
                      {data.sending.file_links.length > 0 && (
                        <ul className={styles.links}>
                          {data.sending.file_links.map((link) => (
                            <li key={`${link.title}-${link.url}`}>
                              <a href={link.url} target="_blank" rel="noopener noreferrer">
                                {link.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </>
                  ) : (
                    <ItemText>{data.sending.title}</ItemText>
                  )}
                  {saved && <p role="status">{saved}</p>}
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setSaved(null);
                        setEditing(true);
                      }}
                    >
                      Edit
                    </Button>
                  </div>
                </>
              )}
            </Card>
            <Card title={readWords(data.sending.read_count, data.sending.total)}>
              <ProgressBar
                percent={
                  data.sending.total ? (100 * data.sending.read_count) / data.sending.total : 0
                }
                label={readWords(data.sending.read_count, data.sending.total)}
              />
              {data.sending.handed_in_count !== null && (
                <>
                  <p className={styles.intro}>
                    {handedInWords(data.sending.handed_in_count, data.sending.total)}
                  </p>
                  <ProgressBar
                    percent={
                      data.sending.total
                        ? (100 * data.sending.handed_in_count) / data.sending.total
                        : 0
                    }
                    label={handedInWords(data.sending.handed_in_count, data.sending.total)}
                  />
                </>
              )}
              <SelectField
                label="Students"
                value={show}
                onChange={(e) => {
                  setShow(e.target.value as Show);
                  setPage(1);
                }}
              >
                <option value="all">All</option>
                <option value="unread">Not read yet</option>
                <option value="read">Read</option>
                {data.sending.kind === 'assignment' && (
                  <>
                    <option value="not_handed_in">Not handed in</option>
                    <option value="handed_in">Handed in</option>
                  </>
                )}
              </SelectField>
              {data.students.length === 0 ? (
                <EmptyState>{emptyWords[show]}</EmptyState>
              ) : (
                <ul className={styles.students} aria-label="Students and whether they read it">
                  {data.students.map((s) => (
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
                        {data.sending.kind === 'assignment' && (
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
              <Pager
                page={page}
                hasMore={data.has_more}
                isLoading={sending.isFetching}
                onPage={setPage}
              />
            </Card>
          </>
        )}
      </QueryView>
    </Screen>
  );
}

interface EditableSending {
  id: number;
  kind: 'assignment' | 'notification';
  title: string;
  description: string;
  file_links: { title: string; url: string }[];
  due_at: string | null;
}

/** The edit form: an assignment's title, description and links, or a notification's words. */
function EditSending({
  sending,
  onDone,
}: {
  sending: EditableSending;
  onDone: (message: string | null) => void;
}) {
  const update = useUpdateSending();
  const zone = useAcademyTimeZone();
  const isAssignment = sending.kind === 'assignment';
  // On the academy's clock, as Send Assignment takes it; the server reads it back on that clock.
  const [due, setDue] = useState(() => toLocalInputValue(sending.due_at, zone));
  const [dueTouched, setDueTouched] = useState(false);
  const [title, setTitle] = useState(sending.title);
  const [description, setDescription] = useState(sending.description);
  const [links, setLinks] = useState<LinkRow[]>(() =>
    sending.file_links.length > 0
      ? sending.file_links.map((l) => emptyLink(l.title, l.url))
      : [emptyLink()],
  );
  const filled = filledLinks(links);
  const outcome = useFormOutcome(() =>
    isAssignment
      ? !title.trim() || !description.trim()
        ? 'Please enter both title and description.'
        : linksProblem(filled)
      : !title.trim()
        ? 'Please enter a message.'
        : null,
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    update.mutate(
      isAssignment
        ? {
            sending_id: sending.id,
            title: title.trim(),
            description: description.trim(),
            file_links: filled,
            // Sent only once changed: an untouched field keeps the due time to the millisecond
            // (the field shows minutes); '' removes it.
            ...(dueTouched ? { due_at: due } : {}),
          }
        : { sending_id: sending.id, message: title.trim() },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: 'The changes could not be saved. Please try again.' }),
          ),
      },
    );
  };

  return (
    <Form onSubmit={handleSubmit} outcome={outcome}>
      {isAssignment ? (
        <>
          <TextField
            label="Title"
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextAreaField
            label="Description"
            rows={4}
            value={description}
            maxLength={5000}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            label="Due date and time (optional)"
            type="datetime-local"
            hint={`${timesAreIn(zone)} Clear it to remove the due time.`}
            value={due}
            onChange={(e) => {
              setDue(e.target.value);
              setDueTouched(true);
            }}
          />
          <FileLinksField links={links} onChange={setLinks} />
        </>
      ) : (
        <TextAreaField
          label="Message"
          rows={4}
          value={title}
          maxLength={MAX_NOTIFICATION_LENGTH}
          onChange={(e) => setTitle(e.target.value)}
        />
      )}
      <p className={styles.intro}>Every student it went to sees the change; read states stay.</p>
      <FormMessage outcome={outcome} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </Form>
  );
}
