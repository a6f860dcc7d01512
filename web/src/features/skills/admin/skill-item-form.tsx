import type { SkillKind } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../api/failure-text';
import { useStudentPicker } from '../../../api/students';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  Button,
  Card,
  FieldRow,
  FilePicker,
  Form,
  FormMessage,
  Message,
  TextAreaField,
  TextField,
  useFormOutcome,
} from '../../../ui';
import { kinds } from '../skill-kinds';
import styles from './skill-admin.module.css';
import { useSaveSkillItem } from './use-skill-admin';

export interface EditableItem {
  id: number;
  title: string;
  description: string;
  access_start: string;
  access_end: string;
  link_url: string | null;
  file_name: string | null;
  /** Who it is for (none: every student), with their names. */
  students: Student[];
}

interface Student {
  id: number;
  name: string;
}

const SEARCH_DELAY_MS = 300;

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
  const [search, setSearch] = useState('');
  // The same lists as the admin's student picker: the first students by name, or the matches
  // of a search, never every student of a large academy.
  const { q, first, found } = useStudentPicker(useDebouncedValue(search, SEARCH_DELAY_MS));
  const listed = q ? found : first;
  const save = useSaveSkillItem();
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [opens, setOpens] = useState(toLocalInputValue(item?.access_start));
  const [closes, setCloses] = useState(toLocalInputValue(item?.access_end));
  const [link, setLink] = useState(item?.link_url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<Student[]>(item?.students ?? []);
  const [forEveryone, setForEveryone] = useState((item?.students.length ?? 0) === 0);
  const outcome = useFormOutcome(() =>
    !title.trim()
      ? 'Please enter a title.'
      : !opens || !closes
        ? 'Please choose when it opens and closes.'
        : new Date(closes) <= new Date(opens)
          ? 'The end time must be after the start time.'
          : !link.trim() && !file && !item
            ? 'Please upload a file or add a link.'
            : file && file.size > MAX_FILE_BYTES
              ? 'File size cannot be larger than 5 MB.'
              : !forEveryone && chosen.length === 0
                ? 'Please choose at least one student, or make it for all students.'
                : null,
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
        access_start: fromLocalInputValue(opens),
        access_end: fromLocalInputValue(closes),
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

  const isChosen = (id: number) => chosen.some((s) => s.id === id);
  const toggle = (student: Student) =>
    setChosen((list) =>
      isChosen(student.id) ? list.filter((s) => s.id !== student.id) : [...list, student],
    );
  // The chosen ones first, whatever the search shows, then the others listed.
  const shown = [...chosen, ...(listed.data ?? []).filter((s) => !isChosen(s.id))];

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
        <FieldRow>
          <TextField
            label="Opens"
            type="datetime-local"
            value={opens}
            onChange={(e) => setOpens(e.target.value)}
          />
          <TextField
            label="Closes"
            type="datetime-local"
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
          />
        </FieldRow>
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
        <fieldset className={styles.audience}>
          <legend>For</legend>
          <label>
            <input
              type="radio"
              name="audience"
              checked={forEveryone}
              onChange={() => setForEveryone(true)}
            />{' '}
            All students
          </label>
          <label>
            <input
              type="radio"
              name="audience"
              checked={!forEveryone}
              onChange={() => setForEveryone(false)}
            />{' '}
            Chosen students
          </label>
          {!forEveryone && (
            <>
              <TextField
                label="Search students"
                type="search"
                placeholder="Name or e-mail"
                autoComplete="off"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={(e) => {
                  // Enter here would send the form.
                  if (e.key === 'Enter') e.preventDefault();
                }}
              />
              {listed.isPending && q === '' && <p>Loading students...</p>}
              {listed.isError && <Message tone="error">Error fetching students</Message>}
              {q !== '' && found.data?.length === 0 && <p>{`No students match “${q}”.`}</p>}
              <div className={styles.students}>
                {shown.map((s) => (
                  <label key={s.id}>
                    <input type="checkbox" checked={isChosen(s.id)} onChange={() => toggle(s)} />{' '}
                    {s.name}
                  </label>
                ))}
              </div>
            </>
          )}
        </fieldset>
        <FormMessage outcome={outcome} />
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={() => onDone('')}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
