import type { CallResponse } from '@academy/contract';
import { FileText, PenLine } from 'lucide-react';
import { StudentLink } from '../../components';
import { formatLongDateTime } from '../../lib/dates';
import { hrefs } from '../../shared/paths';
import { ButtonLink, FileButton, FileList, ItemCard, Tag } from '../../ui';

type Submission = CallResponse<'sendToInbox'>['assignments'][number];

/** A submission in the inbox: from whom, when, new or corrected, its files and Correct. */
export function InboxSubmissionCard({
  item,
  onOpen,
}: {
  item: Submission;
  /** A file of it, to open in a new window. */
  onOpen: (fileUrl: string) => void;
}) {
  return (
    <ItemCard
      title={item.subject}
      lines={[
        <>
          From <StudentLink id={item.user_id}>{item.user_name}</StudentLink>
        </>,
        <>
          {formatLongDateTime(item.created_at)}{' '}
          {item.state === 'new' ? <Tag tone="info">New</Tag> : <Tag tone="success">Corrected</Tag>}
        </>,
        item.assignment_title && <>Answers: {item.assignment_title}</>,
      ]}
      actions={
        <ButtonLink
          variant="secondary"
          size="small"
          to={hrefs.studentsCorrection(item.user_id, item.id)}
          aria-label={`Correct ${item.subject} from ${item.user_name}`}
        >
          <PenLine size={16} aria-hidden="true" /> Correct
        </ButtonLink>
      }
      text={item.description}
    >
      <FileList label={`Files of ${item.subject}`}>
        {item.files.map((file, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list's files keep their order, and two may share a link.
          <FileButton key={i} onClick={() => onOpen(file.file_url)}>
            <FileText size={16} aria-hidden="true" /> {file.file_name}
          </FileButton>
        ))}
      </FileList>
    </ItemCard>
  );
}
