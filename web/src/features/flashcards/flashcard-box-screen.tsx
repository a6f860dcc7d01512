import { CheckCircle2, Layers, Volume2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { readStoredUser } from '../../api/session';
import { paths } from '../../shared/paths';
import {
  Button,
  ButtonLink,
  Card,
  Loading,
  Message,
  OfflineUnavailable,
  Screen,
  useIsUnavailableOffline,
} from '../../ui';
import { newAnswerId } from './answer-card';
import styles from './flashcards.module.css';
import { useAnswerCard, useLibrary, usePracticeSession } from './use-flashcards';

/** Reads the front of a card aloud in US English, where the browser can. */
function speak(text: string, onUnsupported: () => void) {
  if (!('speechSynthesis' in window)) {
    onUnsupported();
    return;
  }
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-US';
  window.speechSynthesis.speak(utterance);
}

/** Long texts get a smaller type so up to 500 characters fit a phone without a wall of text. */
function lengthOf(text: string): 'short' | 'medium' | 'long' {
  if (text.length > 160) return 'long';
  if (text.length > 60) return 'medium';
  return 'short';
}

/**
 * /flashcardbox: the Flashcard Challenge. A session works through the cards due when it
 * started, each once (level 5 or below only); every answer goes to the server (or waits
 * offline), and then 'You've completed the cards!'.
 */
export default function FlashcardBoxScreen() {
  const user = readStoredUser();
  const { session, hasFailed, due } = usePracticeSession();
  const isUnavailableOffline = useIsUnavailableOffline(due);
  const answer = useAnswerCard();
  const [index, setIndex] = useState(0);
  const [isFlipped, setFlipped] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // Nothing to practise: whether the student has any cards at all decides what to say.
  const library = useLibrary({ enabled: session?.length === 0 });
  const hasNoCards = session?.length === 0 && library.data?.cards.length === 0;
  const isCheckingLibrary =
    session?.length === 0 && library.data === undefined && library.isFetching;

  useEffect(() => {
    if (hasFailed) setAlert('Error fetching cards. Please try again.');
  }, [hasFailed]);

  if (!user) {
    return (
      <Screen
        title="Flashcard Challenge"
        back={{ to: paths.leitnerBox, label: 'Back to Leitner Box' }}
        width="narrow"
      >
        <Message tone="error">User not logged in!</Message>
      </Screen>
    );
  }

  const card = session?.[index];
  const handleAnswer = (wasCorrect: boolean) => {
    if (!card) return;
    answer.mutate(
      { cardId: card.id, userId: user.id, wasCorrect, answerId: newAnswerId() },
      { onError: () => setAlert('Error updating card. Please try again.') },
    );
    setFlipped(false);
    setIndex((i) => i + 1);
  };

  let body: ReactNode;
  let ending = '';
  if (!session) {
    if (hasFailed) body = null;
    else if (isUnavailableOffline) body = <OfflineUnavailable />;
    else body = <Loading>Loading cards...</Loading>;
  } else if (isCheckingLibrary) {
    body = <Loading>Loading cards...</Loading>;
  } else if (hasNoCards) {
    // A new student has nothing to have completed: the way to their first cards instead.
    ending = 'You have no cards yet';
    body = (
      <Card className={styles.done}>
        <Layers size={48} className={styles.doneIcon} aria-hidden="true" />
        <h2>You have no cards yet</h2>
        <p className={styles.progress}>
          Make your first cards in the Card Creator, then practise them here.
        </p>
        <ButtonLink to={paths.addCard} variant="primary">
          Open the Card Creator
        </ButtonLink>
      </Card>
    );
  } else if (!card) {
    ending = "You've completed the cards!";
    body = (
      <Card className={styles.done}>
        <CheckCircle2 size={48} className={styles.doneIcon} aria-hidden="true" />
        <h2>You've completed the cards!</h2>
        <p className={styles.progress}>
          {session.length === 0
            ? 'No cards are due right now. Add new ones in the Card Creator.'
            : `You practised ${session.length} card${session.length === 1 ? '' : 's'}.`}
        </p>
        <ButtonLink to={paths.leitnerBox} variant="secondary">
          Back to Leitner Box
        </ButtonLink>
      </Card>
    );
  } else {
    body = (
      <div className={styles.practice}>
        <p
          className={styles.progress}
          aria-live="polite"
        >{`Card ${index + 1} of ${session.length}`}</p>
        <div className={styles.scene}>
          {/* A card of its own per card: the next one starts front up, without turning back. */}
          <button
            key={card.id}
            type="button"
            className={styles.flip}
            aria-pressed={isFlipped}
            aria-label={
              isFlipped
                ? `Back: ${card.back_text}. Show the front`
                : `Front: ${card.front_text}. Show the back`
            }
            onClick={() => setFlipped(!isFlipped)}
          >
            <span
              className={`${styles.face} ${styles.front}`}
              data-length={lengthOf(card.front_text)}
              aria-hidden="true"
            >
              {card.front_text}
              <span className={styles.hint}>Tap to see the answer</span>
            </span>
            <span
              className={`${styles.face} ${styles.back}`}
              data-length={lengthOf(card.back_text)}
              aria-hidden="true"
            >
              {card.back_text}
              <span className={styles.hint}>Tap to see the question</span>
            </span>
          </button>
        </div>
        <Button
          variant="secondary"
          onClick={() =>
            speak(card.front_text, () =>
              setAlert('Speech synthesis is not supported in this browser.'),
            )
          }
        >
          <Volume2 size={18} aria-hidden="true" /> Read aloud
        </Button>
        <div className={styles.answerRow}>
          <Button variant="danger" onClick={() => handleAnswer(false)}>
            Incorrect
          </Button>
          <Button className={styles.correct} onClick={() => handleAnswer(true)}>
            Correct
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Screen
      title="Flashcard Challenge"
      back={{ to: paths.leitnerBox, label: 'Back to Leitner Box' }}
      width="narrow"
    >
      {alert && <Message tone="error">{alert}</Message>}
      {/* Present from the start, so the end of a session is announced as each card was. */}
      <p className="visually-hidden" role="status">
        {ending}
      </p>
      {body}
    </Screen>
  );
}
