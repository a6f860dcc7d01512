import { type ReactNode, useEffect, useState } from 'react';
import { readStoredUser } from '../../api/session';
import { paths } from '../../shared/paths';
import { Loading, Message, OfflineUnavailable, Screen, useIsUnavailableOffline } from '../../ui';
import { newAnswerId } from './answer-card';
import { PracticeCard } from './practice-card';
import { COMPLETED, NO_CARDS_YET, NoCardsYet, PracticeDone } from './practice-ending';
import { useAnswerCard, useLibrary, usePracticeSession } from './use-flashcards';

const back = { to: paths.leitnerBox, label: 'Back to Leitner Box' };

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
      <Screen title="Flashcard Challenge" back={back} width="narrow">
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
    ending = NO_CARDS_YET;
    body = <NoCardsYet />;
  } else if (!card) {
    ending = COMPLETED;
    body = <PracticeDone practised={session.length} />;
  } else {
    body = (
      <PracticeCard
        card={card}
        position={`Card ${index + 1} of ${session.length}`}
        isFlipped={isFlipped}
        onFlip={() => setFlipped(!isFlipped)}
        onAnswer={handleAnswer}
        onSpeechUnsupported={() => setAlert('Speech synthesis is not supported in this browser.')}
      />
    );
  }

  return (
    <Screen title="Flashcard Challenge" back={back} width="narrow">
      {alert && <Message tone="error">{alert}</Message>}
      {/* Present from the start, so the end of a session is announced as each card was. */}
      <p className="visually-hidden" role="status">
        {ending}
      </p>
      {body}
    </Screen>
  );
}
