import { useId } from 'react';
import type { Answer } from './answer-queue';
import { ChoiceInput, TrueFalseInput } from './choice-input';
import { GapsInput } from './gaps-input';
import type { InputProps } from './item-types';
import { MatchingInput } from './matching-input';
import { OrderingInput } from './ordering-input';
import styles from './quizzes.module.css';
import { SpokenInput } from './spoken-input';
import { DictationInput, NumericalInput, ShortInput } from './typed-input';
import type { AttemptItem } from './use-attempt';

interface ItemQuestionProps {
  /** The question's element id: where the summary's "Go to" lands on a one-page quiz. */
  id?: string;
  item: AttemptItem;
  number: number;
  answer: Answer;
  attemptId: number;
  onAnswer: (answer: Answer, how?: { typing?: boolean }) => void;
  onRecorded: (file: string) => void;
}

/**
 * One question: a group named by its number, described by its prompt, and the input its kind
 * of item asks for. The prompt is read with the group, so every control inside is in context.
 */
export function ItemQuestion({
  id,
  item,
  number,
  answer,
  attemptId,
  onAnswer,
  onRecorded,
}: ItemQuestionProps) {
  const promptId = useId();
  return (
    <fieldset id={id} tabIndex={-1} className={styles.question} aria-describedby={promptId}>
      <legend className={styles.questionNumber}>
        {`Question ${number}`}
        <span
          className={styles.points}
        >{` (${item.points} ${item.points === 1 ? 'point' : 'points'})`}</span>
      </legend>
      <p id={promptId} className={styles.prompt}>
        {item.prompt}
      </p>
      <ItemInput
        item={item}
        number={number}
        answer={answer}
        attemptId={attemptId}
        onAnswer={onAnswer}
        onRecorded={onRecorded}
      />
    </fieldset>
  );
}

function ItemInput({ item, number, answer, attemptId, onAnswer, onRecorded }: ItemQuestionProps) {
  const name = `q${item.position}`;
  // Each input is given the answer of its own type (or none), and answers with that type.
  const props = <T extends AttemptItem['type']>(type: T) =>
    ({
      name,
      number,
      answer: answer?.type === type ? answer : null,
      onAnswer,
    }) as Omit<InputProps<T>, 'body'>;
  const { body } = item;
  switch (body.type) {
    case 'choice':
      return <ChoiceInput body={body} {...props('choice')} />;
    case 'true_false':
      return <TrueFalseInput body={body} {...props('true_false')} />;
    case 'short':
      return <ShortInput body={body} {...props('short')} />;
    case 'numerical':
      return <NumericalInput body={body} {...props('numerical')} />;
    case 'gaps':
      return <GapsInput body={body} {...props('gaps')} />;
    case 'matching':
      return <MatchingInput body={body} {...props('matching')} />;
    case 'ordering':
      return <OrderingInput body={body} {...props('ordering')} />;
    case 'dictation':
      return <DictationInput body={body} {...props('dictation')} />;
    case 'spoken':
      return (
        <SpokenInput
          body={body}
          {...props('spoken')}
          attemptId={attemptId}
          position={item.position}
          onRecorded={onRecorded}
        />
      );
  }
}
