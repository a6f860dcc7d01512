import type { SkillKind } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { type ChosenStudent, StudentChecklist } from '../../../components';
import {
  Card,
  FilePicker,
  Form,
  FormMessage,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../../ui';

import { useAcademyTimeZone } from '../../branding/queries';
import { kinds } from '../skill-kinds';
import { SaveOrCancel } from './record-editor';
import styles from './skill-admin.module.css';
import { useSaveSkillItem } from './use-skill-admin';
import { typedWindowOf, WindowFields, windowProblem } from './window-fields';

export interface EditableItem {
  id: number;
  title: string;
  description: string;
  access_start: string;
  access_end: string;
  link_url: string | null;
  file_name: string | null;
  /** Who it is for (none: every student), with their names. */
  students: ChosenStudent[];
}

/** Who an item is for: every student, or those chosen (by name or by class). */
function AudienceField({
  forEveryone,
  chosen,
  onForEveryone,
  onChosen,
}: {
  forEveryone: boolean;
  chosen: ChosenStudent[];
  onForEveryone: (forEveryone: boolean) => void;
  onChosen: (chosen: ChosenStudent[]) => void;
}) {
  return (
    <fieldset className={styles.audience}>
      <legend>For</legend>
      <label>
        <input
          type="radio"
          name="audience"
          checked={forEveryone}
          onChange={() => onForEveryone(true)}
        />{' '}
        All students
      </label>
      <label>
        <input
          type="radio"
          name="audience"
          checked={!forEveryone}
          onChange={() => onForEveryone(false)}
        />{' '}
        Chosen students
      </label>
      {!forEveryone && <StudentChecklist chosen={chosen} onChange={onChosen} offerClasses />}
    </fieldset>
  );
}

/** Creates or edits an exam or Skill Builder item: title, description, window, link, and who it is for. */
export function SkillItemForm({
  kind,
  item,
  onDone,
}: {
  kind: SkillKind;
  item?: EditableItem;
  onDone: (message: string) => void;
}) {
  const info = kinds[kind];
  const save = useSaveSkillItem();
  // Typed and shown on the academy's clock, which the server reads a wall time on.
  const zone = useAcademyTimeZone();
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [times, setTimes] = useState(() =>
    typedWindowOf(item?.access_start, item?.access_end, zone),
  );
  const [link, setLink] = useState(item?.link_url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<ChosenStudent[]>(item?.students ?? []);
  const [forEveryone, setForEveryone] = useState((item?.students.length ?? 0) === 0);
  const outcome = useFormOutcome(() =>
    !title.trim()
      ? 'Please enter a title.'
      : (windowProblem(times) ??
        (!link.trim() && !file && !item
          ? 'Please upload a file or add a link.'
          : file && file.size > MAX_FILE_BYTES
            ? 'File size cannot be larger than 5 MB.'
            : !forEveryone && chosen.length === 0
              ? 'Please choose at least one student, or make it for all students.'
              : null)),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    save.mutate(
      {
        ...(item ? { id: item.id } : {}),
        kind,
        title: title.trim(),
        description,
        access_start: times.opens,
        access_end: times.closes,
        link_url: file ? '' : link.trim(),
        student_ids: JSON.stringify(forEveryone ? [] : chosen.map((s) => s.id)),
        ...(file ? { file } : {}),
      },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          outcome.fail(
            failureText(error, { fallback: `Failed to save the ${info.noun}. Please try again.` }),
          ),
      },
    );
  };

  return (
    <Card title={item ? `Edit ${info.noun}` : `New ${info.noun}`}>
      <Form onSubmit={handleSubmit} outcome={outcome}>
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
        />
        <TextAreaField
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={5000}
        />
        <WindowFields window={times} zone={zone} onChange={setTimes} />
        <FilePicker
          label="File"
          accept=".pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,audio/*"
          hint={
            item?.file_name
              ? `Now: ${item.file_name}. Choose a file to replace it.`
              : 'PDF, Word, PowerPoint, Excel, an image or audio; at most 5 MB.'
          }
          files={file ? [file] : []}
          onChange={(chosen) => setFile(chosen[0] ?? null)}
        />
        <TextField
          label="Or a link to the file"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Used when no file is uploaded."
          value={link}
          onChange={(e) => setLink(e.target.value)}
          disabled={file !== null}
        />
        <AudienceField
          forEveryone={forEveryone}
          chosen={chosen}
          onForEveryone={setForEveryone}
          onChosen={setChosen}
        />
        <FormMessage outcome={outcome} />
        <SaveOrCancel busy={save.isPending} onCancel={() => onDone('')} />
      </Form>
    </Card>
  );
}
