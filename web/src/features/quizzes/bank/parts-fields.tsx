import { ChoiceFields } from './choice-fields';
import type { Parts } from './editor-state';
import { GapsFields } from './gaps-fields';
import { MatchingFields } from './matching-fields';
import { NumericalFields } from './numerical-fields';
import { DictationFields, SpokenFields } from './recording-fields';
import { ShortFields } from './short-fields';
import { OrderingFields, TrueFalseFields } from './simple-fields';

/**
 * The fields of the item's own kind: its options, answers, numbers, gaps, pairs, pieces, the
 * words of a dictation or a spoken answer's length, and its key.
 */
export function PartsFields({
  parts,
  onChange,
}: {
  parts: Parts;
  onChange: (parts: Parts) => void;
}) {
  switch (parts.type) {
    case 'choice':
      return <ChoiceFields parts={parts} onChange={onChange} />;
    case 'true_false':
      return <TrueFalseFields parts={parts} onChange={onChange} />;
    case 'short':
      return <ShortFields parts={parts} onChange={onChange} />;
    case 'numerical':
      return <NumericalFields parts={parts} onChange={onChange} />;
    case 'gaps':
      return <GapsFields parts={parts} onChange={onChange} />;
    case 'matching':
      return <MatchingFields parts={parts} onChange={onChange} />;
    case 'ordering':
      return <OrderingFields parts={parts} onChange={onChange} />;
    case 'dictation':
      return <DictationFields parts={parts} onChange={onChange} />;
    case 'spoken':
      return <SpokenFields parts={parts} onChange={onChange} />;
  }
}
