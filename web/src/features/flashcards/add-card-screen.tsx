import { type FormEvent, useState } from 'react';
import { paths } from '../../shared/paths';
import { Button, Card, Form, Popup, Screen, TextField } from '../../ui';
import { useAddCard } from './use-flashcards';

/** /addcard: the Card Creator. Messages come in a popup, as the spec shows. */
export default function AddCardScreen() {
  const addCard = useAddCard();
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [popup, setPopup] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!front.trim() || !back.trim()) {
      setPopup('Please fill in both fields!');
      return;
    }
    addCard.mutate(
      { front: front.trim(), back: back.trim() },
      {
        onSuccess: () => {
          setPopup('Card added successfully!');
          setFront('');
          setBack('');
        },
        onError: () => setPopup('Error adding card. Please try again.'),
      },
    );
  };

  return (
    <Screen
      title="Card Creator"
      back={{ to: paths.leitnerBox, label: 'Back to Leitner Box' }}
      width="narrow"
    >
      <Card>
        <Form onSubmit={handleSubmit}>
          <TextField
            label="Front Text"
            value={front}
            onChange={(e) => setFront(e.target.value)}
            maxLength={500}
            autoCapitalize="none"
          />
          <TextField
            label="Back Text"
            value={back}
            onChange={(e) => setBack(e.target.value)}
            maxLength={500}
            autoCapitalize="none"
          />
          <Button type="submit" block disabled={addCard.isPending}>
            {addCard.isPending ? 'Adding...' : 'Add Card'}
          </Button>
        </Form>
      </Card>
      <Popup open={popup !== null} title="Card Creator" onClose={() => setPopup(null)}>
        <p>{popup}</p>
      </Popup>
    </Screen>
  );
}
