import { Volume2 } from 'lucide-react';
import { Button } from '../../ui';
import styles from './flashcards.module.css';

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

interface PracticeCardProps {
  card: { id: number; front_text: string; back_text: string };
  /** 'Card 2 of 7'. */
  position: string;
  isFlipped: boolean;
  onFlip: () => void;
  onAnswer: (wasCorrect: boolean) => void;
  /** The browser cannot read aloud: the screen says so. */
  onSpeechUnsupported: () => void;
}

/** The card being practised: it turns over on a tap, reads aloud, and takes the answer. */
export function PracticeCard({
  card,
  position,
  isFlipped,
  onFlip,
  onAnswer,
  onSpeechUnsupported,
}: PracticeCardProps) {
  return (
    <div className={styles.practice}>
      <p className={styles.progress} aria-live="polite">
        {position}
      </p>
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
          onClick={onFlip}
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
      <Button variant="secondary" onClick={() => speak(card.front_text, onSpeechUnsupported)}>
        <Volume2 size={18} aria-hidden="true" /> Read aloud
      </Button>
      <div className={styles.answerRow}>
        <Button variant="danger" onClick={() => onAnswer(false)}>
          Incorrect
        </Button>
        <Button className={styles.correct} onClick={() => onAnswer(true)}>
          Correct
        </Button>
      </div>
    </div>
  );
}
