import { CheckCircle2, Layers, type LucideIcon } from 'lucide-react';
import { paths } from '../../shared/paths';
import { ButtonLink, Card } from '../../ui';
import styles from './flashcards.module.css';

interface EndingProps {
  icon: LucideIcon;
  title: string;
  text: string;
  link: { to: string; label: string; variant: 'primary' | 'secondary' };
}

/** Where a practice session ends: what happened and the way on. */
function Ending({ icon: Icon, title, text, link }: EndingProps) {
  return (
    <Card className={styles.done}>
      <Icon size={48} className={styles.doneIcon} aria-hidden="true" />
      <h2>{title}</h2>
      <p className={styles.progress}>{text}</p>
      <ButtonLink to={link.to} variant={link.variant}>
        {link.label}
      </ButtonLink>
    </Card>
  );
}

/** The words that end a session, also announced when it ends. */
export const NO_CARDS_YET = 'You have no cards yet';
export const COMPLETED = "You've completed the cards!";

/** A new student has nothing to have completed: the way to their first cards instead. */
export function NoCardsYet() {
  return (
    <Ending
      icon={Layers}
      title={NO_CARDS_YET}
      text="Make your first cards in the Card Creator, then practise them here."
      link={{ to: paths.addCard, label: 'Open the Card Creator', variant: 'primary' }}
    />
  );
}

/** Every card of the session answered (`practised` of them; none were due when 0). */
export function PracticeDone({ practised }: { practised: number }) {
  return (
    <Ending
      icon={CheckCircle2}
      title={COMPLETED}
      text={
        practised === 0
          ? 'No cards are due right now. Add new ones in the Card Creator.'
          : `You practised ${practised} card${practised === 1 ? '' : 's'}.`
      }
      link={{ to: paths.leitnerBox, label: 'Back to Leitner Box', variant: 'secondary' }}
    />
  );
}
