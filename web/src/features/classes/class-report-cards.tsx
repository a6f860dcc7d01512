import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import { FileDownloadButton } from '../../components';
import {
  ActionRow,
  Button,
  Card,
  ConfirmPopup,
  FormMessage,
  Message,
  SelectField,
  useConfirm,
  useFormOutcome,
} from '../../ui';
import { useClassPromotion, useMovePassingStudents, useTermChoices } from './use-class-results';

/**
 * A term's published results of the class (issue 30, points 5–6): its report cards as one PDF
 * to print, and, for an administrator once they are published, moving the students who passed
 * to the next level's class.
 */
export function ClassReportCards({ classId }: { classId: number }) {
  const terms = useTermChoices();
  const [chosen, setChosen] = useState('');
  const list = terms.data?.terms ?? [];
  if (terms.isPending || list.length === 0) return null;
  // The current term, else the latest, until another is chosen.
  const fallback = terms.data?.current_term_id ?? list.at(-1)?.id;
  const termId = chosen ? Number(chosen) : fallback;
  return (
    <Card title="Results">
      <SelectField
        label="Term"
        value={termId === undefined ? '' : String(termId)}
        onChange={(e) => setChosen(e.target.value)}
      >
        {list.map((term) => (
          <option key={term.id} value={String(term.id)}>
            {term.name}
          </option>
        ))}
      </SelectField>
      {termId !== undefined && <TermResults key={termId} classId={classId} termId={termId} />}
    </Card>
  );
}

function TermResults({ classId, termId }: { classId: number; termId: number }) {
  const isAdmin = useIsAdmin();
  const promotion = useClassPromotion(classId, termId);
  const move = useMovePassingStudents();
  const notice = useFormOutcome();
  const moving = useConfirm<number>((_, close) =>
    move.mutate(
      { class_id: classId, term_id: termId },
      {
        ...notice.reports(explainFailure('The students could not be moved. Please try again.')),
        onSettled: close,
      },
    ),
  );
  const data = promotion.data;
  if (!data?.term)
    return promotion.isError ? (
      <Message tone="error">The results could not be loaded.</Message>
    ) : null;
  if (!data.term.published)
    return <p>The results of this term are not published for this class yet.</p>;
  const { passing } = data.term;
  const next = data.next_class;
  const students = passing === 1 ? '1 passing student' : `${passing} passing students`;
  return (
    <>
      <ActionRow>
        <FileDownloadButton
          call="getClassReportCards"
          payload={{ class_id: classId, term_id: termId }}
        >
          Download the report cards (PDF)
        </FileDownloadButton>
        {isAdmin && next && passing > 0 && (
          <Button variant="secondary" onClick={() => moving.ask(classId)}>
            {`Move the ${students} to ${next.name}`}
          </Button>
        )}
      </ActionRow>
      {isAdmin && !next && passing > 0 && (
        <p>Choose the next level’s class above to move the {students} there.</p>
      )}
      <FormMessage outcome={notice} />
      <ConfirmPopup
        {...moving.popup}
        title={`Move the ${students} to ${next?.name ?? 'the next class'}?`}
        confirmLabel="Move"
        busy={move.isPending}
      >
        <p>
          They join {next?.name} with its sessions to come, and leave this class and its sessions to
          come. Their results and past sessions stay as they are.
        </p>
      </ConfirmPopup>
    </>
  );
}
