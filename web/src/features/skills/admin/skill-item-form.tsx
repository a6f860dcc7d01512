import type { SkillKind } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { DEFAULT_OUT_OF } from '@academy/contract/marks';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import {
  type ChosenStudent,
  OutOfField,
  outOfProblem,
  StudentChecklist,
} from '../../../components';
import { useAcademyTimeZone } from '../../../shared/branding';
import { FilePicker, FormCard, UrlField, useFields, useFormOutcome } from '../../../ui';
import { SaveOrCancel } from '../../../ui/record-editor';
import { typedWindowOf, WindowFields, windowProblem } from '../../../ui/window-fields';
import { DescriptionField, MATERIAL_FILE_TYPES, TitleField } from '../../../ui/work-fields';
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
  students: ChosenStudent[];
  /** What its attempts are marked out of (issue 30). */
  mark_out_of: number;
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
  const { values, bind } = useFields({
    title: item?.title ?? '',
    description: item?.description ?? '',
    link: item?.link_url ?? '',
    outOf: String(item?.mark_out_of ?? DEFAULT_OUT_OF),
  });
  const { title, link } = values;
  const [times, setTimes] = useState(() =>
    typedWindowOf(item?.access_start, item?.access_end, zone),
  );
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
              : outOfProblem(values.outOf))),
  );

  const handleSend = () =>
    save.mutate(
      {
        ...(item ? { id: item.id } : {}),
        kind,
        title: title.trim(),
        description: values.description,
        access_start: times.opens,
        access_end: times.closes,
        link_url: file ? '' : link.trim(),
        student_ids: JSON.stringify(forEveryone ? [] : chosen.map((s) => s.id)),
        mark_out_of: values.outOf.trim(),
        ...(file ? { file } : {}),
      },
      outcome.reports(explainFailure(`Failed to save the ${info.noun}. Please try again.`), onDone),
    );

  return (
    <FormCard
      title={item ? `Edit ${info.noun}` : `New ${info.noun}`}
      onSend={handleSend}
      outcome={outcome}
    >
      <TitleField {...bind('title')} />
      <DescriptionField rows={3} {...bind('description')} />
      <WindowFields window={times} zone={zone} onChange={setTimes} />
      <FilePicker
        label="File"
        accept={MATERIAL_FILE_TYPES}
        hint={
          item?.file_name
            ? `Now: ${item.file_name}. Choose a file to replace it.`
            : 'PDF, Word, PowerPoint, Excel, an image or audio; at most 5 MB.'
        }
        files={file ? [file] : []}
        onChange={(chosen) => setFile(chosen[0] ?? null)}
      />
      <UrlField
        label="Or a link to the file"
        hint="Used when no file is uploaded."
        disabled={file !== null}
        {...bind('link')}
      />
      <OutOfField
        label="Marked out of"
        hint="Each student's mark is out of this. It stays as it is once a mark is given."
        {...bind('outOf')}
      />
      <AudienceField
        forEveryone={forEveryone}
        chosen={chosen}
        onForEveryone={setForEveryone}
        onChosen={setChosen}
      />
      <SaveOrCancel outcome={outcome} busy={save.isPending} onCancel={() => onDone('')} />
    </FormCard>
  );
}
