import type { SkillKind } from '@academy/contract';
import { ExternalLink, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { formatDue, formatLongDateTime } from '../../../lib/dates';
import { resolveFileUrl } from '../../../lib/file-links';
import {
  Button,
  ConfirmPopup,
  ItemCard,
  ItemList,
  Message,
  Meta,
  QueryView,
  Stack,
  StudentLink,
} from '../../../ui';
import { useAcademyTimeZone } from '../../branding/queries';
import { kinds } from '../skill-kinds';
import { Disclosure } from './disclosure';
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
  const remove = useDeleteSkillItem(kind);
  const [editing, setEditing] = useState<EditableItem | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const handleDone = (message: string) => {
    setEditing(null);
    if (message) setNotice({ tone: 'success', text: message });
  };
  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => setNotice({ tone: 'success', text: `The ${info.noun} was deleted.` }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: failureText(error, { fallback: `Failed to delete the ${info.noun}.` }),
        }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Stack>
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing('new')}>
            <Plus size={18} aria-hidden="true" /> {`New ${info.noun}`}
          </Button>
        </div>
      ) : (
        <SkillItemForm
          key={editing === 'new' ? 'new' : editing.id}
          kind={kind}
          item={editing === 'new' ? undefined : editing}
          onDone={handleDone}
        />
      )}
      {notice && <Message tone={notice.tone}>{notice.text}</Message>}
      <QueryView
        query={items}
        error={`Failed to load the ${info.plural}.`}
        empty={`No ${info.plural} yet.`}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <ItemList label={info.plural}>
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                title={item.title}
                meta={
                  <>
                    <Meta>
                      {formatDue(item.access_start, zone)} to {formatDue(item.access_end, zone)}
                    </Meta>
                    <Meta>
                      {item.students.length === 0
                        ? 'For all students'
                        : `For ${item.students.map((s) => s.name).join(', ')}`}
                    </Meta>
                  </>
                }
                actions={
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setEditing(item)}
                      aria-label={`Edit ${item.title}`}
                    >
                      <Pencil size={16} aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => setToDelete(item)}
                      aria-label={`Delete ${item.title}`}
                    >
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  </div>
                }
              >
                {item.description && <p>{item.description}</p>}
                {item.file_url && (
                  <Meta>
                    <a
                      href={resolveFileUrl(item.file_url)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <ExternalLink size={14} aria-hidden="true" />{' '}
                      {item.file_name ?? 'Open the file'}
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
            ))}
          </ItemList>
        )}
      </QueryView>
      <ConfirmPopup
        open={toDelete !== null}
        title={`Delete this ${info.noun}?`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete &&
          `“${toDelete.title}” will be gone for students, and so will the record of who started it.`}
      </ConfirmPopup>
    </Stack>
  );
}
