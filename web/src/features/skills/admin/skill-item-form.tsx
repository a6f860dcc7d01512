import type { SkillKind } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../../api/client';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/dates';
import { Button, Card, Message, Stack, TextAreaField, TextField } from '../../../ui';
import { useStudents } from '../../users/use-students';
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
  student_ids: number[];
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
  const students = useStudents();
  const save = useSaveSkillItem();
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [opens, setOpens] = useState(toLocalInputValue(item?.access_start));
  const [closes, setCloses] = useState(toLocalInputValue(item?.access_end));
  const [link, setLink] = useState(item?.link_url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<number[]>(item?.student_ids ?? []);
  const [forEveryone, setForEveryone] = useState((item?.student_ids.length ?? 0) === 0);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = !title.trim()
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
                : null;
    if (check) {
      setProblem(check);
      return;
    }
    setProblem(null);
    save.mutate(
      {
        ...(item ? { id: item.id } : {}),
        kind,
        title: title.trim(),
        description,
        access_start: fromLocalInputValue(opens),
        access_end: fromLocalInputValue(closes),
        link_url: file ? '' : link.trim(),
        student_ids: JSON.stringify(forEveryone ? [] : chosen),
        ...(file ? { file } : {}),
      },
      {
        onSuccess: (answer) => onDone(answer.message),
        onError: (error) =>
          setProblem(refusalOr(error, `Failed to save the ${info.noun}. Please try again.`)),
      },
    );
  };

  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  return (
    <Card title={item ? `Edit ${info.noun}` : `New ${info.noun}`}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
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
          <div className={styles.row}>
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
          </div>
          <TextField
            label="File"
            type="file"
            accept=".pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,audio/*"
            hint={
              item?.file_name
                ? `Now: ${item.file_name}. Choose a file to replace it.`
                : 'PDF, Word, PowerPoint, Excel, an image or audio; at most 5 MB.'
            }
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
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
              <div className={styles.students}>
                {students.isPending && <p>Loading students...</p>}
                {students.isError && <p>Error fetching students</p>}
                {students.data?.map((s) => (
                  <label key={s.id}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(s.id)}
                      onChange={() => toggle(s.id)}
                    />{' '}
                    {s.name}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {problem && <Message tone="error">{problem}</Message>}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={() => onDone('')}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
