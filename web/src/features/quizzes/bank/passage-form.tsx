import type { CallResponse } from '@academy/contract';
import { MAX_FILE_BYTES } from '@academy/contract/constants';
import { ITEM_LIMITS, PASSAGE_KINDS } from '@academy/contract/quizzes/item-rules';
import type { PassageKind } from '@academy/contract/quizzes/items';
import { useState } from 'react';
import { explainFailure } from '../../../api/failure-text';
import {
  FilePicker,
  FormCard,
  NumberField,
  Options,
  SelectField,
  TextAreaField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../../ui';
import { SaveOrCancel } from '../../../ui/record-editor';
import { useSavePassage } from './use-bank';
import { PASSAGE_KIND_WORDS } from './words';

export type PassageRow = CallResponse<'listQuizPassages'>['passages'][number];

/** What the server's upload rule accepts for a recording (contract uploads.ts, oneRecording). */
const AUDIO_TYPES = 'audio/*,.mp3,.m4a,.wav,.ogg,.webm,.aac,.flac';

/** What is wrong with the passage as typed, in the server's words where it has them. */
function passageProblem(
  values: { title: string; text: string; plays: string },
  kind: PassageKind,
  file: File | null,
  hasRecording: boolean,
): string | null {
  if (!values.title.trim()) return 'Please give the passage a title.';
  if (kind === 'text') return values.text.trim() ? null : 'Please write the passage’s text.';
  if (!file && !hasRecording) return 'Please upload the recording.';
  if (file && file.size > MAX_FILE_BYTES) return 'The file size exceeds the 5MB limit.';
  const plays = values.plays.trim();
  return /^\d{1,3}$/.test(plays) && Number(plays) <= ITEM_LIMITS.plays
    ? null
    : `Plays must be a whole number from 0 to ${ITEM_LIMITS.plays}.`;
}

/**
 * Makes or edits a passage: a reading text several items share, or a recording uploaded as
 * the app's other audio, with how many times a student may play it in one attempt (counted on
 * the server, so a reload does not start it again). An edit without a file keeps the recording.
 */
export function PassageForm({
  passage,
  onDone,
}: {
  passage?: PassageRow;
  onDone: (message: string) => void;
}) {
  const save = useSavePassage();
  const [kind, setKind] = useState<PassageKind>(passage?.kind ?? 'text');
  const [file, setFile] = useState<File | null>(null);
  const { values, bind } = useFields({
    title: passage?.title ?? '',
    text: passage?.text ?? '',
    plays: String(passage?.play_limit ?? 0),
  });
  const hasRecording = passage?.kind === 'recording';
  const outcome = useFormOutcome(() => passageProblem(values, kind, file, hasRecording));

  const handleSend = () =>
    save.mutate(
      {
        ...(passage ? { passage_id: passage.id } : {}),
        kind,
        title: values.title.trim(),
        ...(kind === 'text'
          ? { text: values.text.trim() }
          : { play_limit: values.plays.trim(), ...(file ? { recording: file } : {}) }),
      },
      outcome.reports(explainFailure('The passage could not be saved. Please try again.'), onDone),
    );

  return (
    <FormCard
      title={passage ? 'Edit passage' : 'New passage'}
      onSend={handleSend}
      outcome={outcome}
    >
      <TextField label="Title" maxLength={200} {...bind('title')} />
      <SelectField
        label="Kind of passage"
        value={kind}
        onChange={(e) => setKind(e.target.value as PassageKind)}
      >
        <Options values={PASSAGE_KINDS} label={(k) => PASSAGE_KIND_WORDS[k]} />
      </SelectField>
      {kind === 'text' ? (
        <TextAreaField
          label="Text"
          hint="Shown beside the items that stand on it while the student answers."
          rows={8}
          maxLength={ITEM_LIMITS.passage}
          {...bind('text')}
        />
      ) : (
        <>
          <FilePicker
            label="Recording"
            accept={AUDIO_TYPES}
            hint={
              hasRecording && passage.file_name
                ? `Now: ${passage.file_name}. Choose a file to replace it.`
                : 'MP3, M4A, WAV, OGG, WEBM, AAC or FLAC; at most 5 MB.'
            }
            files={file ? [file] : []}
            onChange={(chosen) => setFile(chosen[0] ?? null)}
          />
          <NumberField
            label="Plays allowed in an attempt"
            hint={`0: as many as the student likes; at most ${ITEM_LIMITS.plays}. Counted on the server: a reload does not start them again.`}
            {...bind('plays')}
          />
        </>
      )}
      <SaveOrCancel outcome={outcome} busy={save.isPending} onCancel={() => onDone('')} />
    </FormCard>
  );
}
