import { useEffect, useId, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { hrefs } from '../../../shared/paths';
import { Button, Message } from '../../../ui';
import { isAnswered } from './answer-queue';
import { AttemptStatus } from './attempt-status';
import { ItemQuestion } from './item-question';
import { PassageView } from './passage-view';
import { QuestionNavigator } from './question-navigator';
import styles from './quizzes.module.css';
import { SubmitSummary } from './submit-summary';
import { savingState, useAnswers } from './use-answers';
import {
  type Attempt,
  type AttemptItem,
  type ReviewNotice,
  TIME_UP_TEXT,
  useSubmitAtDeadline,
  useSubmitAttempt,
  useTimeLeft,
} from './use-attempt';

/**
 * An attempt going on: the timer and saving state on top, then one question per screen with
 * Previous / Next and the questions' numbers (or every question on one page), then a summary
 * before submitting. When the server's deadline passes, the attempt is submitted and its review
 * opened; an attempt the server has closed opens its review at once.
 */
export function Taking({ attempt, receivedAt }: { attempt: Attempt; receivedAt: number }) {
  const saving = useAnswers(attempt);
  const { answers, setAnswer, markRecorded, flush } = saving;
  const { left, isPast, announcement } = useTimeLeft(attempt.deadline, attempt.now, receivedAt);
  const submit = useSubmitAttempt(attempt.id);
  const [index, setIndex] = useState(0);
  const [isSummary, setSummary] = useState(false);
  const questionTop = useRef<HTMLDivElement>(null);
  const [moves, setMoves] = useState(0);
  const idPrefix = `${useId()}q`;
  const isOnePage = !attempt.one_per_page;
  const items = attempt.items;
  const answered = items.map((item) => isAnswered(answers.get(item.position)));

  // A new question (or the summary) is announced by moving focus to its top; on a one-page
  // quiz, "Go to it" from the summary lands on that question.
  const landOn = useRef<string | null>(null);
  useEffect(() => {
    if (moves === 0) return;
    const target = landOn.current ? document.getElementById(landOn.current) : null;
    (target ?? questionTop.current)?.focus();
  }, [moves]);
  const go = (to: number, summary = false) => {
    flush();
    const next = Math.max(0, Math.min(items.length - 1, to));
    landOn.current = isOnePage && !summary ? `${idPrefix}${next}` : null;
    setMoves((n) => n + 1);
    setIndex(next);
    setSummary(summary);
  };

  const isTimeUp = left === 0;
  useSubmitAtDeadline(isPast, () => {
    flush();
    submit.mutate();
  });

  const closedNotice =
    attempt.state === 'closed'
      ? attempt.closed_by === 'time'
        ? TIME_UP_TEXT
        : 'This attempt has been submitted.'
      : saving.refusal?.kind === 'closed'
        ? saving.refusal.message
        : null;
  // A submit of this screen opens the review with the server's words itself.
  if (closedNotice && !submit.isPending && !submit.isSuccess)
    return (
      <Navigate
        to={hrefs.quizReview(attempt.id)}
        replace
        state={{ notice: closedNotice } satisfies ReviewNotice}
      />
    );

  const question = (item: AttemptItem, i: number) => (
    <ItemQuestion
      key={item.position}
      id={`${idPrefix}${i}`}
      item={item}
      number={i + 1}
      answer={answers.get(item.position) ?? null}
      attemptId={attempt.id}
      onAnswer={(answer, how) => setAnswer(item.position, answer, how)}
      onRecorded={(file) => markRecorded(item.position, file)}
    />
  );
  const passageOf = (item: AttemptItem, i: number) =>
    item.passage &&
    // On one page a passage stands once, above the first of its items.
    (attempt.one_per_page || items[i - 1]?.passage?.id !== item.passage.id) && (
      <PassageView key={`p${item.position}`} passage={item.passage} attemptId={attempt.id} />
    );
  const current = items[index];

  return (
    <div className={styles.taking}>
      <AttemptStatus left={left} announcement={announcement} saving={savingState(saving)} />
      {saving.refusal?.kind === 'refused' && (
        <Message tone="error">{saving.refusal.message}</Message>
      )}
      {isTimeUp && (
        <Message tone="info">
          {submit.isError
            ? 'Time is up. The server closes the attempt with the answers it has; connect to the internet to see your review.'
            : 'Time is up. Your answers are being submitted…'}
        </Message>
      )}
      <div ref={questionTop} tabIndex={-1} className={styles.questionTop}>
        {isSummary ? (
          <SubmitSummary
            answered={answered}
            waiting={saving.waiting.size}
            isOffline={saving.isOffline}
            submit={submit}
            onGo={(i) => go(i)}
            onBack={() => go(index)}
          />
        ) : attempt.one_per_page && current ? (
          <>
            {passageOf(current, index)}
            {question(current, index)}
            <div className={styles.actions}>
              <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
                Previous
              </Button>
              {index < items.length - 1 ? (
                <Button onClick={() => go(index + 1)}>Next</Button>
              ) : (
                <Button onClick={() => go(index, true)}>Check and submit</Button>
              )}
            </div>
          </>
        ) : (
          <>
            {items.map((item, i) => [passageOf(item, i), question(item, i)])}
            <Button block onClick={() => go(index, true)}>
              Check and submit
            </Button>
          </>
        )}
      </div>
      {attempt.one_per_page && !isSummary && (
        <QuestionNavigator
          count={items.length}
          current={index}
          isAnswered={(i) => answered[i] ?? false}
          onGo={(i) => go(i)}
        />
      )}
      {attempt.one_per_page && !isSummary && index < items.length - 1 && (
        <Button variant="ghost" onClick={() => go(index, true)}>
          Check and submit
        </Button>
      )}
    </div>
  );
}
