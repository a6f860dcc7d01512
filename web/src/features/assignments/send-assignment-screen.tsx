import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { RecipientsPicker, useRecipients } from '../../components';
import { useAcademyTimeZone } from '../../shared/branding';
import { useBackToStaffHome } from '../../shared/staff-home';
import { FormMessage, FormScreen, SubmitButton, useFields, useFormOutcome } from '../../ui';
import {
  emptyLink,
  FileLinksField,
  filledLinks,
  type LinkRow,
  linksProblem,
} from '../../ui/file-links-field';
import { DescriptionField, DueField, TitleField } from '../../ui/work-fields';
import { useReminderNote } from '../settings/reminder-lead';
import { useSendAssignment } from './use-assignments';

/** What the spec says about a failed send, by kind of failure. */
const sendFailure = explainFailure({
  network: 'Network error occurred. Please try again.',
  refusalPrefix: 'Error sending assignment: ',
  fallback: 'Server error. Please try again.',
});

/**
 * /send-assignment: a student (or, new, several students or a class), a title, a description
 * (the deadline) and links to files. A teacher's go to their classes' students (issue 29).
 */
export default function SendAssignmentScreen() {
  const send = useSendAssignment();
  const recipients = useRecipients();
  const { values, bind, reset } = useFields({ title: '', description: '', due: '' });
  const zone = useAcademyTimeZone();
  const reminderNote = useReminderNote();
  const [links, setLinks] = useState<LinkRow[]>(() => [emptyLink()]);
  const filled = filledLinks(links);
  const outcome = useFormOutcome(
    () =>
      recipients.problem ??
      (!values.title.trim() || !values.description.trim()
        ? 'Please enter both title and description.'
        : linksProblem(filled)),
  );

  const handleSend = () =>
    send.mutate(
      {
        ...recipients.payload,
        title: values.title.trim(),
        description: values.description.trim(),
        // A date and time on the academy's clock: the server reads it in the academy's zone.
        ...(values.due ? { due_at: values.due } : {}),
        file_links: JSON.stringify(filled),
      },
      outcome.reports(sendFailure, (said) => {
        outcome.succeed(recipients.sent('Assignment sent successfully!', said));
        reset();
        setLinks([emptyLink()]);
      }),
    );

  return (
    <FormScreen
      title="Send Assignment"
      back={useBackToStaffHome()}
      onSend={handleSend}
      outcome={outcome}
    >
      <RecipientsPicker {...recipients.picker} />
      <TitleField {...bind('title')} />
      <DescriptionField
        hint="Students read this as the deadline and instructions."
        {...bind('description')}
      />
      <DueField
        zone={zone}
        note={`Lists show whether the work came in on time.${reminderNote}`}
        {...bind('due')}
      />
      <FileLinksField links={links} onChange={setLinks} />
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={send.isPending} busyLabel="Sending...">
        Send Assignment
      </SubmitButton>
    </FormScreen>
  );
}
