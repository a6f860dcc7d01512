import type { ItemType } from '@academy/contract/quizzes/items';
import { SelectField } from '../../../ui';
import type { PassageRef } from './editor-state';
import { useQuizPassages } from './use-bank';
import { PASSAGE_KIND_WORDS } from './words';

/** The first page of passages, the newest first: those a teacher is likely to give an item. */
const FIRST_PAGE = { q: '', page: 1 };

/**
 * The passage an item stands on: none, or one of the bank's reading texts and recordings (the
 * newest page of them, and the item's own wherever it is in the list). Passages are made on
 * their own screen, reached from the bank.
 */
export function PassageField({
  value,
  type,
  onChange,
}: {
  value: PassageRef | null;
  type: ItemType;
  onChange: (passage: PassageRef | null) => void;
}) {
  const passages = useQuizPassages(FIRST_PAGE);
  const listed: PassageRef[] = passages.data?.passages ?? [];
  const choices = value && !listed.some((p) => p.id === value.id) ? [value, ...listed] : listed;
  const hint = passages.isError
    ? 'The passages could not be loaded. Please try again later.'
    : type === 'dictation'
      ? 'The recording the student writes down. Make one under Passages in the bank.'
      : 'A reading text or a recording this item shares with others, made under Passages in the bank.';
  return (
    <SelectField
      label="Passage"
      hint={hint}
      value={value ? String(value.id) : ''}
      onChange={(e) => {
        const id = Number(e.target.value);
        onChange(choices.find((p) => p.id === id) ?? null);
      }}
    >
      <option value="">None</option>
      {choices.map((p) => (
        <option key={p.id} value={p.id}>
          {`${p.title} (${PASSAGE_KIND_WORDS[p.kind].toLowerCase()})`}
        </option>
      ))}
    </SelectField>
  );
}
