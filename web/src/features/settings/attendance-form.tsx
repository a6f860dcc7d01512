import type { CallResponse } from '@academy/contract';
import {
  MARK_LABELS,
  MARKS,
  type RollRulesFields,
  rollRulesFromFields,
  rollRulesProblem,
} from '@academy/contract/roll-rules';
import { FieldRow, FormActions, FormCard, NumberField, useFields, useFormOutcome } from '../../ui';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** A whole number as typed; empty is null (no threshold), anything else NaN for the check. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

function fieldsFrom(rules: RollRulesFields) {
  return {
    present: String(rules.points.present),
    late: String(rules.points.late),
    excused: String(rules.points.excused),
    absent: String(rules.points.absent),
    latesPerAbsence: String(rules.lates_per_absence),
    warningAt: rules.warning_at === null ? '' : String(rules.warning_at),
    absenceLimit: rules.absence_limit === null ? '' : String(rules.absence_limit),
  };
}

type Fields = ReturnType<typeof fieldsFrom>;

function rulesOf(f: Fields): RollRulesFields {
  const whole = (text: string) => numberOf(text) ?? Number.NaN;
  return {
    points: {
      present: whole(f.present),
      late: whole(f.late),
      excused: whole(f.excused),
      absent: whole(f.absent),
    },
    lates_per_absence: whole(f.latesPerAbsence),
    warning_at: numberOf(f.warningAt),
    absence_limit: numberOf(f.absenceLimit),
  };
}

/**
 * The roll's rules (issue 29): what each mark is worth, how many lates make an absence, when
 * a student is warned and the most absences a term allows, counted within the current term.
 * The same checks as save_settings (contract/src/roll-rules.ts), before sending.
 */
export function AttendanceForm({ answer }: { answer: Answer }) {
  const save = useSaveSettings();
  const { values, bind } = useFields(fieldsFrom(answer.settings.roll_rules));
  const outcome = useFormOutcome(() => rollRulesProblem(rollRulesFromFields(rulesOf(values))));
  const handleSend = () =>
    save.mutate(
      { roll_rules: JSON.stringify(rulesOf(values)) },
      reportSave(outcome, 'Attendance rules saved.'),
    );

  return (
    <FormCard title="Attendance rules" onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        Points each mark of the roll earns, how many lates count as one absence, and when a student
        is warned or reaches the most absences a term allows. Students are told when they reach
        either. Only the current term's rolls count (Terms); with no current term, every roll does.
      </p>
      <FieldRow>
        {MARKS.map((mark) => (
          <NumberField key={mark} label={`${MARK_LABELS[mark]} points`} {...bind(mark)} />
        ))}
      </FieldRow>
      <NumberField
        label="Lates that count as one absence"
        hint="0: lates never count as absences."
        {...bind('latesPerAbsence')}
      />
      <FieldRow>
        <NumberField label="Warn at (absences)" hint="Empty: no warning." {...bind('warningAt')} />
        <NumberField
          label="Absence limit"
          hint="The most a term allows. Empty: no limit."
          {...bind('absenceLimit')}
        />
      </FieldRow>
      <FormActions outcome={outcome} label="Save attendance rules" busy={save.isPending} fill />
    </FormCard>
  );
}
