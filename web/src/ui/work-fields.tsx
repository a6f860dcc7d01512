import type { ComponentProps } from 'react';
import { timesAreIn } from '../lib/dates';
import { TextAreaField, TextField } from './field';
import type { BoundField } from './use-fields';

/** The server's limits on the words of a piece of work (contract: text(200), text(5000)). */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

/**
 * The files teaching material may be, a correction's or a Skill Builder item's (the server's
 * 'material' kind: PDF, Word, PowerPoint, Excel, an image or audio).
 */
export const MATERIAL_FILE_TYPES = '.pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,audio/*';

type Preset<P> = Omit<P, 'label'> & { label?: string };

/** The title of an assignment, a correction or a Skill Builder item (a submission's subject). */
export function TitleField({
  label = 'Title',
  ...props
}: Preset<ComponentProps<typeof TextField>>) {
  return <TextField label={label} maxLength={TITLE_MAX} {...props} />;
}

/** The description under a title. */
export function DescriptionField({
  label = 'Description',
  rows = 4,
  ...props
}: Preset<ComponentProps<typeof TextAreaField>>) {
  return <TextAreaField label={label} rows={rows} maxLength={DESCRIPTION_MAX} {...props} />;
}

/**
 * An assignment's optional due time, typed on the academy's clock (`zone`), which the server
 * reads it on; `note` says what it does on this screen.
 */
export function DueField({
  zone,
  note,
  ...bound
}: BoundField & { zone: string | undefined; note: string }) {
  return (
    <TextField
      label="Due date and time (optional)"
      type="datetime-local"
      hint={`${timesAreIn(zone)} ${note}`}
      {...bound}
    />
  );
}
