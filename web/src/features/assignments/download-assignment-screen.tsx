import { ChevronDown, ChevronUp, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../app/paths';
import { formatLongDate } from '../../lib/dates';
import { Card, EmptyState, Loading, Message, Screen } from '../../ui';
import styles from './assignments.module.css';
import { useMarkAssignmentAsRead, useOwnAssignments } from './use-assignments';

/** /download-assignment: the student's assignments; opening one's details marks it read. */
export default function DownloadAssignmentScreen() {
  const assignments = useOwnAssignments();
  const markRead = useMarkAssignmentAsRead();
  const [openId, setOpenId] = useState<number | null>(null);

  const handleToggle = (id: number, isRead: boolean) => {
    setOpenId((current) => (current === id ? null : id));
    if (!isRead) markRead.mutate(id);
  };

  return (
    <Screen title="Download Assignment" back={{ to: paths.userHome, label: 'Back to Home Screen' }}>
      {assignments.isPending ? (
        <Loading>Loading assignments...</Loading>
      ) : assignments.isError && !assignments.data ? (
        <Message tone="error">Error fetching assignments</Message>
      ) : assignments.data.assignments.length === 0 ? (
        <EmptyState>No assignments yet.</EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Your assignments">
          {assignments.data.assignments.map((assignment) => {
            const isOpen = openId === assignment.id;
            return (
              <li key={assignment.id}>
                <Card>
                  <button
                    type="button"
                    className={styles.disclosure}
                    aria-expanded={isOpen}
                    aria-controls={`assignment-${assignment.id}`}
                    onClick={() => handleToggle(assignment.id, assignment.is_read === 1)}
                  >
                    <span>
                      <span className={styles.title}>{assignment.title}</span>
                      <span className={styles.metaLine}>
                        {formatLongDate(assignment.created_at)}
                        {assignment.is_read === 0 && ' · New'}
                      </span>
                    </span>
                    {assignment.is_read === 0 && (
                      <span className={styles.newDot} aria-hidden="true" />
                    )}
                    {isOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                  </button>
                  {isOpen && (
                    <div id={`assignment-${assignment.id}`}>
                      <p className={styles.body}>{assignment.description}</p>
                      {assignment.file_links.length === 0 ? (
                        <p className={styles.meta}>No files attached.</p>
                      ) : (
                        <ul className={styles.fileLinks} aria-label="Files">
                          {assignment.file_links.map((link, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
                            <li key={i}>
                              <a
                                className={styles.fileLink}
                                href={link.url}
                                target="_blank"
                                rel="noopener noreferrer"
                              >
                                <ExternalLink size={14} aria-hidden="true" /> {link.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}
