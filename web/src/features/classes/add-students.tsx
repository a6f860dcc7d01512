import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { type ChosenStudent, StudentChecklist } from '../../components';
import { studentCount } from '../../lib/student-count';
import { ActionRow, Card, FormMessage, SubmitButton, useFormOutcome } from '../../ui';
import { useAddClassStudents } from './use-classes';

/** Students to add to the class, chosen by name or from another class. */
export function AddStudents({ classId }: { classId: number }) {
  const add = useAddClassStudents();
  const notice = useFormOutcome();
  const [chosen, setChosen] = useState<ChosenStudent[]>([]);

  const handleAdd = () =>
    add.mutate(
      { classId, userIds: chosen.map((s) => s.id) },
      notice.reports(explainFailure('The students could not be added.'), (said) => {
        notice.succeed(said);
        setChosen([]);
      }),
    );

  return (
    <Card title="Add students">
      <StudentChecklist label="Students to add" chosen={chosen} onChange={setChosen} offerClasses />
      <ActionRow>
        <SubmitButton
          type="button"
          busy={add.isPending}
          busyLabel="Adding..."
          disabled={chosen.length === 0}
          onClick={handleAdd}
        >
          {chosen.length > 0 ? `Add ${studentCount(chosen.length)}` : 'Add chosen'}
        </SubmitButton>
      </ActionRow>
      <FormMessage outcome={notice} />
    </Card>
  );
}
