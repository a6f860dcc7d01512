import { MAX_CARD_TEXT } from '@academy/contract';
import { useEffect, useRef } from 'react';
import { TextField } from '../../ui';

/**
 * A card's Front and Back fields as an inline edit shows them: Edit replaced the button that
 * had focus, so focus goes on into Front when they appear. The Card Library's edit and the
 * speaking panel's edit of a card made from an answer share them.
 */
export function CardTextFields({
  front,
  back,
  onFront,
  onBack,
}: {
  front: string;
  back: string;
  onFront: (text: string) => void;
  onBack: (text: string) => void;
}) {
  const frontField = useRef<HTMLInputElement>(null);
  useEffect(() => frontField.current?.focus(), []);
  return (
    <>
      <TextField
        ref={frontField}
        label="Front"
        value={front}
        maxLength={MAX_CARD_TEXT}
        onChange={(e) => onFront(e.target.value)}
      />
      <TextField
        label="Back"
        value={back}
        maxLength={MAX_CARD_TEXT}
        onChange={(e) => onBack(e.target.value)}
      />
    </>
  );
}
