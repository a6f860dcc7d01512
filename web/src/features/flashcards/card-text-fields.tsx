import { MAX_CARD_TEXT } from '@academy/contract';
import { useEffect, useRef } from 'react';
import { TextField, useFields } from '../../ui';

/**
 * A card's Front and Back as an edit holds them, starting from the card's: the fields bound to
 * them, whether either is left empty, and the change to send (the texts trimmed).
 */
export function useCardTexts(card: { id: number; front_text: string; back_text: string }) {
  const { values, bind } = useFields({ front: card.front_text, back: card.back_text });
  const front = values.front.trim();
  const back = values.back.trim();
  return { bind, isBlank: !front || !back, change: { id: card.id, front, back } };
}

/**
 * A card's Front and Back fields as an inline edit shows them: Edit replaced the button that
 * had focus, so focus goes on into Front when they appear. The Card Library's edit and the
 * speaking panel's edit of a card made from an answer share them.
 */
export function CardTextFields({ texts }: { texts: ReturnType<typeof useCardTexts> }) {
  const frontField = useRef<HTMLInputElement>(null);
  useEffect(() => frontField.current?.focus(), []);
  return (
    <>
      <TextField
        ref={frontField}
        label="Front"
        maxLength={MAX_CARD_TEXT}
        {...texts.bind('front')}
      />
      <TextField label="Back" maxLength={MAX_CARD_TEXT} {...texts.bind('back')} />
    </>
  );
}
