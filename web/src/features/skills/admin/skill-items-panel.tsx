import type { SkillKind } from '@academy/contract';
import { ExternalLink, Users } from 'lucide-react';
import { explainFailure } from '../../../api/failure-text';
import { useIsAdmin } from '../../../api/role';
import { formatDue } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import { useAcademyTimeZone } from '../../../shared/branding';
import {
  ConfirmDelete,
  FormMessage,
  ItemCard,
  Meta,
  QueryItemList,
  RecordActions,
  Stack,
  useRecordDelete,
} from '../../../ui';
import { Disclosure } from '../../../ui/disclosure';
import { RecordEditorSlot, useRecordEditor } from '../../../ui/record-editor';
import { kinds } from '../skill-kinds';
import { AttemptList } from './attempt-marks';
import { type EditableItem, SkillItemForm } from './skill-item-form';
import { useAdminSkillItems, useDeleteSkillItem } from './use-skill-admin';

/**
 * The list of one kind of item, with who started each and their marks (issue 30). An
 * administrator also creates, edits and deletes them; a teacher sees the items open to their
 * students and marks those students' attempts.
 */
export function SkillItemsPanel({ kind }: { kind: SkillKind }) {
  const info = kinds[kind];
  const isAdmin = useIsAdmin();
  const items = useAdminSkillItems(kind);
  const zone = useAcademyTimeZone();
  const { message, deleting } = useRecordDelete<EditableItem>(
    useDeleteSkillItem(kind),
    explainFailure(`Failed to delete the ${info.noun}.`),
    `The ${info.noun} was deleted.`,
  );
  const editor = useRecordEditor<EditableItem>(message);

  return (
    <Stack>
      {isAdmin && (
        <RecordEditorSlot editor={editor} newLabel={`New ${info.noun}`}>
          {(item, onDone) => <SkillItemForm kind={kind} item={item} onDone={onDone} />}
        </RecordEditorSlot>
      )}
      <FormMessage outcome={message} />
      <QueryItemList
        query={items}
        error={`Failed to load the ${info.plural}.`}
        empty={`No ${info.plural} yet.`}
        items={(data) => data.items}
        label={info.plural}
      >
        {(item) => (
          <ItemCard
            title={item.title}
            lines={[
              `${formatDue(item.access_start, zone)} to ${formatDue(item.access_end, zone)}`,
              item.students.length === 0
                ? 'For all students'
                : `For ${item.students.map((s) => s.name).join(', ')}`,
              `Marked out of ${item.mark_out_of}`,
            ]}
            actions={
              isAdmin && (
                <RecordActions
                  name={item.title}
                  onEdit={() => editor.edit(item)}
                  onDelete={() => deleting.ask(item)}
                  alignEnd
                />
              )
            }
          >
            {item.description && <p>{item.description}</p>}
            {item.file_url && (
              <Meta>
                <a href={resolveFileUrl(item.file_url)} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={14} aria-hidden="true" /> {item.file_name ?? 'Open the file'}
                </a>
              </Meta>
            )}
            <Disclosure
              icon={Users}
              label={
                item.attempts_count === 0
                  ? 'Nobody has started it'
                  : `Started by ${item.attempts_count}`
              }
              isEmpty={item.attempts_count === 0}
            >
              {() => <AttemptList itemId={item.id} outOf={item.mark_out_of} />}
            </Disclosure>
          </ItemCard>
        )}
      </QueryItemList>
      <ConfirmDelete confirm={deleting} title={`Delete this ${info.noun}?`}>
        {(item) =>
          `“${item.title}” will be gone for students, and so will the record of who started it.`
        }
      </ConfirmDelete>
    </Stack>
  );
}
