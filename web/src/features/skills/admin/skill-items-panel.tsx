import type { SkillKind } from '@academy/contract';
import { ExternalLink, Users } from 'lucide-react';
import { failureText } from '../../../api/failure-text';
import { StudentLink } from '../../../components';
import { formatDue, formatLongDateTime } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import {
  ConfirmPopup,
  FormMessage,
  ItemCard,
  Meta,
  QueryItemList,
  QueryView,
  RecordActions,
  Stack,
  useConfirmedChange,
  useFormOutcome,
} from '../../../ui';
import { useAcademyTimeZone } from '../../branding/queries';
import { kinds } from '../skill-kinds';
import { Disclosure } from './disclosure';
import { RecordEditorSlot, useRecordEditor } from './record-editor';
import styles from './skill-admin.module.css';
import { type EditableItem, SkillItemForm } from './skill-item-form';
import { useAdminSkillItems, useDeleteSkillItem, useItemAttempts } from './use-skill-admin';

/** Who started an item, and when. */
function AttemptList({ itemId }: { itemId: number }) {
  const attempts = useItemAttempts(itemId);
  return (
    <QueryView query={attempts} error="Failed to load who started it.">
      {(data) => (
        <ul className={styles.sublist}>
          {data.attempts.map((a) => (
            <li key={a.user_id}>
              <StudentLink id={a.user_id}>{a.user_name}</StudentLink>:{' '}
              {formatLongDateTime(a.started_at)}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/** The admin's list of one kind of item, with create, edit, delete and who started each. */
export function SkillItemsPanel({ kind }: { kind: SkillKind }) {
  const info = kinds[kind];
  const items = useAdminSkillItems(kind);
  const zone = useAcademyTimeZone();
  const message = useFormOutcome();
  const editor = useRecordEditor<EditableItem>(message);
  const deleting = useConfirmedChange(useDeleteSkillItem(kind), (item: EditableItem) => item.id, {
    onSuccess: () => message.succeed(`The ${info.noun} was deleted.`),
    onError: (error) =>
      message.fail(failureText(error, { fallback: `Failed to delete the ${info.noun}.` })),
  });

  return (
    <Stack>
      <RecordEditorSlot editor={editor} newLabel={`New ${info.noun}`}>
        {(item, onDone) => <SkillItemForm kind={kind} item={item} onDone={onDone} />}
      </RecordEditorSlot>
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
            ]}
            actions={
              <RecordActions
                name={item.title}
                onEdit={() => editor.edit(item)}
                onDelete={() => deleting.ask(item)}
                alignEnd
              />
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
              {() => <AttemptList itemId={item.id} />}
            </Disclosure>
          </ItemCard>
        )}
      </QueryItemList>
      <ConfirmPopup
        {...deleting.popup}
        title={`Delete this ${info.noun}?`}
        confirmLabel="Yes, Delete"
      >
        {deleting.subject &&
          `“${deleting.subject.title}” will be gone for students, and so will the record of who started it.`}
      </ConfirmPopup>
    </Stack>
  );
}
