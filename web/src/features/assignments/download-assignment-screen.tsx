import { ChevronDown, ChevronUp, ExternalLink, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { WorkStateTag } from '../../components/work-state';
import { formatDue, formatLongDate } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { backTo, hrefs, linkParams } from '../../shared/paths';
import {
  ButtonLink,
  Card,
  FileLink,
  FileList,
  ItemText,
  Meta,
  QueryItemList,
  Screen,
} from '../../ui';
import styles from './assignments.module.css';
import { useMarkAssignmentAsRead, useOwnAssignments } from './use-assignments';

/** /download-assignment: the student's assignments; opening one's details marks it read. */
export default function DownloadAssignmentScreen() {
  const assignments = useOwnAssignments();
  const markRead = useMarkAssignmentAsRead();
  // A reminder opens the assignment it names (/download-assignment?assignment=12).
  const [search] = useSearchParams();
  const named = Number(search.get(linkParams.assignment)) || null;
  const [openId, setOpenId] = useState<number | null>(named);
  const zone = useAcademyTimeZone();
  const namedRow = assignments.data?.assignments.find((a) => a.id === named);
  const shown = useRef(false);
  useEffect(() => {
    // Once, when the list holds it: later refreshes leave the reader where they are.
    if (named === null || !namedRow || shown.current) return;
    shown.current = true;
    document.getElementById(`assignment-card-${named}`)?.scrollIntoView({ block: 'start' });
    if (namedRow.is_read === 0) markRead.mutate(named);
  }, [named, namedRow, markRead.mutate]);

  const handleToggle = (id: number, isRead: boolean) => {
    setOpenId((current) => (current === id ? null : id));
    if (!isRead) markRead.mutate(id);
  };

  return (
    <Screen title="Download Assignment" back={backTo.home}>
      <QueryItemList
        query={assignments}
        loading="Loading assignments..."
        error="Error fetching assignments"
        empty="No assignments yet."
        items={(data) => data.assignments}
        label="Your assignments"
      >
        {(assignment) => {
          const isOpen = openId === assignment.id;
          return (
            <Card id={`assignment-card-${assignment.id}`}>
              <button
                type="button"
                className={styles.disclosure}
                aria-expanded={isOpen}
                aria-controls={`assignment-${assignment.id}`}
                onClick={() => handleToggle(assignment.id, assignment.is_read === 1)}
              >
                <span>
                  <span className={styles.title}>{assignment.title}</span>
                  <span className={styles.when}>
                    {formatLongDate(assignment.created_at)}
                    {assignment.is_read === 0 && ' · New'}
                  </span>
                  {(assignment.due_at || assignment.work_state) && (
                    <span className={styles.when}>
                      {assignment.due_at && <>Due by {formatDue(assignment.due_at, zone)} </>}
                      <WorkStateTag state={assignment.work_state} />
                    </span>
                  )}
                </span>
                {assignment.is_read === 0 && <span className={styles.newDot} aria-hidden="true" />}
                {isOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
              </button>
              {isOpen && (
                <div id={`assignment-${assignment.id}`}>
                  <ItemText>{assignment.description}</ItemText>
                  {assignment.file_links.length === 0 ? (
                    <Meta>No files attached.</Meta>
                  ) : (
                    <FileList label="Files">
                      {assignment.file_links.map((link, i) => (
                        <FileLink
                          // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                          key={i}
                          href={link.url}
                          icon={<ExternalLink size={14} aria-hidden="true" />}
                        >
                          {link.title}
                        </FileLink>
                      ))}
                    </FileList>
                  )}
                  <ButtonLink size="small" to={hrefs.submitAssignment(assignment.id)}>
                    <Upload size={16} aria-hidden="true" /> Hand in work for this
                  </ButtonLink>
                </div>
              )}
            </Card>
          );
        }}
      </QueryItemList>
    </Screen>
  );
}
