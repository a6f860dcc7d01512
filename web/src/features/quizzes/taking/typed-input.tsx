import { ITEM_LIMITS } from '@academy/contract/quizzes/items';
import { TextAreaField, TextField } from '../../../ui';
import type { InputProps } from './item-types';

/** A word or phrase typed: saved once the student pauses. */
export function ShortInput({ answer, onAnswer, name }: InputProps<'short'>) {
  return (
    <TextField
      id={`${name}-answer`}
      label="Your answer"
      value={answer?.text ?? ''}
      maxLength={ITEM_LIMITS.answer}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      onChange={(e) => onAnswer({ type: 'short', text: e.target.value }, { typing: true })}
    />
  );
}

/** A number: the phone's keyboard with a decimal point; read by the server as typed. */
export function NumericalInput({ answer, onAnswer, name }: InputProps<'numerical'>) {
  return (
    <TextField
      id={`${name}-answer`}
      label="Your answer (a number)"
      inputMode="decimal"
      value={answer?.text ?? ''}
      maxLength={40}
      autoComplete="off"
      onChange={(e) => onAnswer({ type: 'numerical', text: e.target.value }, { typing: true })}
    />
  );
}

/** What the recording above says, written down. */
export function DictationInput({ answer, onAnswer, name }: InputProps<'dictation'>) {
  return (
    <TextAreaField
      id={`${name}-answer`}
      label="Write what you hear"
      rows={5}
      value={answer?.text ?? ''}
      maxLength={ITEM_LIMITS.prompt}
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => onAnswer({ type: 'dictation', text: e.target.value }, { typing: true })}
    />
  );
}
