import { CLASS_LEVEL_MAX } from '@academy/contract/certificates';
import { explainFailure } from '../../api/failure-text';
import { ClassSelect } from '../../components';
import {
  FormCard,
  FormMessage,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { useClassPromotion, useSetClassLevel } from './use-class-results';

/**
 * The class's level (its certificates name it: 'Elementary 2', 'B1') and the class of the next
 * level, where the students who pass are offered a move (issue 30, point 6). Staff set both; a
 * teacher chooses the next class among their own.
 */
export function ClassLevel({ classId }: { classId: number }) {
  const promotion = useClassPromotion(classId, undefined);
  if (!promotion.data) return null;
  const { level, next_class } = promotion.data;
  // The form starts from what is saved and keeps what is typed (and its message) after saving.
  return (
    <LevelForm
      classId={classId}
      level={level ?? ''}
      nextClassId={next_class ? String(next_class.id) : ''}
    />
  );
}

function LevelForm({
  classId,
  level: savedLevel,
  nextClassId: savedNext,
}: {
  classId: number;
  level: string;
  nextClassId: string;
}) {
  const save = useSetClassLevel();
  const { values, bind, set } = useFields({ level: savedLevel, nextClassId: savedNext });
  const { level, nextClassId } = values;
  const outcome = useFormOutcome(() =>
    nextClassId === String(classId) ? 'The next level’s class must be another class.' : null,
  );
  const handleSave = () =>
    save.mutate(
      {
        class_id: classId,
        level: level.trim(),
        next_class_id: nextClassId ? Number(nextClassId) : null,
      },
      outcome.reports(explainFailure('The level could not be saved. Please try again.')),
    );
  return (
    <FormCard title="Level" onSend={handleSave} outcome={outcome}>
      <TextField
        label="Level"
        hint="Certificates name it, for example “Elementary 2” or “B1”."
        maxLength={CLASS_LEVEL_MAX}
        {...bind('level')}
      />
      <ClassSelect
        label="Next level’s class"
        name="next_class_id"
        value={nextClassId}
        onChange={(id) => set({ nextClassId: id })}
      />
      <SubmitButton variant="secondary" busy={save.isPending} busyLabel="Saving...">
        Save level
      </SubmitButton>
      <FormMessage outcome={outcome} />
    </FormCard>
  );
}
