import type { CallResponse } from '@academy/contract';
import { ExternalLink } from 'lucide-react';
import { StudentLink } from '../../components';
import { WorkLines } from '../../components/work-state';
import { formatLongDate } from '../../lib/dates';
import { FileLink, FileList, ItemCard, Meta, RecordActions } from '../../ui';
import styles from './assignments.module.css';
import { useMarkAssignmentRead } from './use-assignments';

export type SentAssignment = CallResponse<'getAssignments'>['assignments'][number];

/**
 * An assignment as the admin sees it among all: to whom, when, whether it was read, its files
 * (opening one for the student marks it read, as the student opening it would) and Delete.
 */
export function SentAssignmentCard({
  assignment,
  onDelete,
}: {
  assignment: SentAssignment;
  onDelete: () => void;
}) {
  const markRead = useMarkAssignmentRead();
  return (
    <ItemCard
      title={assignment.title}
      meta={
        <>
          <Meta>
            Student: <StudentLink id={assignment.user_id}>{assignment.student_name}</StudentLink>
          </Meta>
          <Meta>Description: {assignment.description}</Meta>
          <Meta>Created: {formatLongDate(assignment.created_at)}</Meta>
          <WorkLines assignment={assignment} />
          <Meta>
            {assignment.is_read === 1 ? (
              <span className={styles.read}>Read on {formatLongDate(assignment.read_at)}</span>
            ) : (
              <span className={styles.unread}>Not read yet</span>
            )}
          </Meta>
        </>
      }
      actions={<RecordActions name={assignment.title} onDelete={onDelete} />}
    >
      {assignment.file_links.length > 0 && (
        <FileList label={`Files of ${assignment.title}`}>
          {assignment.file_links.map((link, i) => (
            <FileLink
              // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
              key={i}
              href={link.url}
              icon={<ExternalLink size={14} aria-hidden="true" />}
              onClick={() =>
                assignment.is_read === 0 &&
                markRead.mutate({ id: assignment.id, userId: assignment.user_id })
              }
            >
              {link.title}
            </FileLink>
          ))}
        </FileList>
      )}
    </ItemCard>
  );
}
