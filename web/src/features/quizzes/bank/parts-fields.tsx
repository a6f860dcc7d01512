import { ITEM_TYPE_WORDS } from '@academy/contract/quizzes/item-rules';
import { Message } from '../../../ui';
import { ChoiceFields } from './choice-fields';
import type { Parts } from './editor-state';
import { GapsFields } from './gaps-fields';
import { MatchingFields } from './matching-fields';
import { ShortFields } from './short-fields';
import { OrderingFields, TrueFalseFields } from './simple-fields';

/** The fields of the item's own kind: its options, answers, gaps, pairs or pieces, and its key. */
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
    case 'gaps':
      return <GapsFields parts={parts} onChange={onChange} />;
    case 'matching':
      return <MatchingFields parts={parts} onChange={onChange} />;
    case 'ordering':
      return <OrderingFields parts={parts} onChange={onChange} />;
    case 'kept':
      // Numbers come from GIFT; dictation and spoken items wait for their own editor.
      return (
        <Message tone="info">
          The answer of a {ITEM_TYPE_WORDS[parts.body.type].toLowerCase()} item cannot be edited
          here yet: it is kept as it is. Its prompt, tags, points and feedback can be changed.
        </Message>
      );
  }
}
