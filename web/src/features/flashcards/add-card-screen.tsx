import { MAX_CARD_TEXT } from '@academy/contract';
import { useState } from 'react';
import { paths } from '../../shared/paths';
import { FormScreen, Popup, SubmitButton, TextField, useFields } from '../../ui';
import { useAddCard } from './use-flashcards';

/** /addcard: the Card Creator. Messages come in a popup, as the spec shows. */
export default function AddCardScreen() {
  const addCard = useAddCard();
  const { values, bind, reset } = useFields({ front: '', back: '' });
  const { front, back } = values;
  const [popup, setPopup] = useState<string | null>(null);

  // The spec shows this screen's messages in a popup, its check's too: not the form's outcome.
  const handleSend = () => {
    if (!front.trim() || !back.trim()) {
      setPopup('Please fill in both fields!');
      return;
    }
    addCard.mutate(
      { front: front.trim(), back: back.trim() },
      {
        onSuccess: () => {
          setPopup('Card added successfully!');
          reset();
        },
        onError: () => setPopup('Error adding card. Please try again.'),
      },
    );
  };

  return (
    <FormScreen
      title="Card Creator"
      back={{ to: paths.leitnerBox, label: 'Back to Leitner Box' }}
      onSend={handleSend}
      after={
        <Popup open={popup !== null} title="Card Creator" onClose={() => setPopup(null)}>
          <p>{popup}</p>
        </Popup>
      }
    >
      <TextField
        label="Front Text"
        maxLength={MAX_CARD_TEXT}
        autoCapitalize="none"
        {...bind('front')}
      />
      <TextField
        label="Back Text"
        maxLength={MAX_CARD_TEXT}
        autoCapitalize="none"
        {...bind('back')}
      />
      <SubmitButton block busy={addCard.isPending} busyLabel="Adding...">
        Add Card
      </SubmitButton>
    </FormScreen>
  );
}
