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

/** One side of the card, sized by its text's length; the button names both sides itself. */
function Face({ className, text, hint }: { className?: string; text: string; hint: string }) {
  return (
    <span className={`${styles.face} ${className}`} data-length={lengthOf(text)} aria-hidden="true">
      {text}
      <span className={styles.hint}>{hint}</span>
    </span>
  );
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
          <Face className={styles.front} text={card.front_text} hint="Tap to see the answer" />
          <Face className={styles.back} text={card.back_text} hint="Tap to see the question" />
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
