import type { CallResponse } from '@academy/contract';
import { DEFAULT_REMINDER_LEAD_HOURS, REMINDER_LEAD_CHOICES } from '@academy/contract/constants';
import { useState } from 'react';
import { FormActions, FormCard, Options, SelectField, useFormOutcome } from '../../ui';
import { leadTime } from './reminder-lead';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

const leadChoice = (hours: number) =>
  hours === 0
    ? 'Off: no reminders'
    : `${leadTime(hours)} before${hours === DEFAULT_REMINDER_LEAD_HOURS ? ' (the default)' : ''}`;

/** Due-date reminders: how long before an assignment is due its reminder goes (features/reminders). */
export function RemindersForm({ answer }: { answer: Answer }) {
  const save = useSaveSettings();
  const [lead, setLead] = useState(String(answer.settings.reminder_lead_hours));
  const outcome = useFormOutcome();
  const handleSend = () => {
    const hours = Number(lead);
    save.mutate(
      { reminder_lead_hours: lead },
      reportSave(
        outcome,
        hours === 0
          ? 'Reminders are off.'
          : `Reminders saved: ${leadTime(hours)} before the due time.`,
      ),
    );
  };
  return (
    <FormCard title="Due-date reminders" onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        A student who has not handed in an assignment with a due date gets a notification this long
        before it is due, once. During quiet hours reminders wait for them to end, unless the work
        is due before then.
      </p>
      <SelectField label="Remind students" value={lead} onChange={(e) => setLead(e.target.value)}>
        <Options values={REMINDER_LEAD_CHOICES} label={leadChoice} />
      </SelectField>
      <FormActions outcome={outcome} label="Save reminders" busy={save.isPending} fill />
    </FormCard>
  );
}
