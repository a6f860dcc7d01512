import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { explainFailure, NO_CONNECTION } from '../../../api/failure-text';
import { paths } from '../../../shared/paths';
import {
  Button,
  Card,
  ConfirmDelete,
  FormMessage,
  useConfirmedChange,
  useFormOutcome,
} from '../../../ui';
import styles from './builder.module.css';
import { useDeleteQuiz } from './use-quizzes';

const deleteFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The quiz could not be deleted. Please try again.',
});

/**
 * Deletes the quiz with its attempts, asked first; then back to the list, which says so. The
 * bank's items stay in the bank.
 */
export function DeleteQuiz({ quiz }: { quiz: { id: number; title: string; started: number } }) {
  const navigate = useNavigate();
  const message = useFormOutcome();
  const deleting = useConfirmedChange(useDeleteQuiz(), (id: number) => ({ id }), {
    onSuccess: (answer: { message: string }) =>
      navigate(paths.quizzes, { replace: true, state: { message: answer.message } }),
    onError: (error: Error) => message.fail(deleteFailure(error)),
  });
  return (
    <Card title="Delete">
      <p className={styles.muted}>
        Deleting the quiz takes its attempts and marks with it; its items stay in the bank.
      </p>
      <FormMessage outcome={message} />
      <div>
        <Button variant="danger" onClick={() => deleting.ask(quiz.id)}>
          <Trash2 size={18} aria-hidden="true" /> Delete the quiz
        </Button>
      </div>
      <ConfirmDelete confirm={deleting} title="Delete this quiz?">
        {() =>
          quiz.started > 0
            ? `“${quiz.title}” will be gone, with the attempts of the ${quiz.started === 1 ? 'student who has' : `${quiz.started} students who have`} started it and their marks.`
            : `“${quiz.title}” will be gone. No student has started it yet.`
        }
      </ConfirmDelete>
    </Card>
  );
}
