import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { toLocalInputValue } from '../../lib/dates';
import { useAcademyTimeZone } from '../../shared/branding';
import { ActionRow, CancelAndSubmit, Form, FormMessage, useFields, useFormOutcome } from '../../ui';
import {
  emptyLink,
  FileLinksField,
  filledLinks,
  type LinkRow,
  linksProblem,
} from '../../ui/file-links-field';
import { MessageField } from '../../ui/message-field';
import { DescriptionField, DueField, TitleField } from '../../ui/work-fields';
import styles from './sendings.module.css';
import { useUpdateSending } from './use-sendings';

interface EditableSending {
  id: number;
  kind: 'assignment' | 'notification';
  title: string;
  description: string;
  file_links: { title: string; url: string }[];
  due_at: string | null;
}

/** The edit form: an assignment's title, description and links, or a notification's words. */
export function EditSendingForm({
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
  const { values, bind } = useFields({
    title: sending.title,
    description: sending.description,
    due: toLocalInputValue(sending.due_at, zone),
  });
  const { title, description, due } = values;
  const [dueTouched, setDueTouched] = useState(false);
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

  const handleSend = () =>
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
      outcome.reports(explainFailure('The changes could not be saved. Please try again.'), onDone),
    );

  const dueField = bind('due');
  return (
    <Form onSend={handleSend} outcome={outcome}>
      {isAssignment ? (
        <>
          <TitleField {...bind('title')} />
          <DescriptionField {...bind('description')} />
          <DueField
            zone={zone}
            note="Clear it to remove the due time."
            value={dueField.value}
            onChange={(e) => {
              dueField.onChange(e);
              setDueTouched(true);
            }}
          />
          <FileLinksField links={links} onChange={setLinks} />
        </>
      ) : (
        // A notification's words are kept where an assignment keeps its title.
        <MessageField {...bind('title')} />
      )}
      <p className={styles.intro}>Every student it went to sees the change; read states stay.</p>
      <FormMessage outcome={outcome} />
      <ActionRow>
        <CancelAndSubmit
          label="Save changes"
          busy={update.isPending}
          onCancel={() => onDone(null)}
        />
      </ActionRow>
    </Form>
  );
}
