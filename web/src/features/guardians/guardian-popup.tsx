import { GUARDIAN_PHONE } from '@academy/contract/messages';
import { useAcademyPhone } from '../../shared/academy-phone';
import { FormPopup, TextField, useFields, useFormOutcome } from '../../ui';
import { guardianFailure } from './guardian-words';
import { type Guardian, useSaveGuardian } from './use-guardians';

interface GuardianPopupProps {
  userId: number;
  /** The guardian edited; 'new' to add one. */
  editing: Guardian | 'new';
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * A guardian added or changed: a name, and a phone (for SMS) or an e-mail, or both. The number
 * is read as people type it (spaces, dashes), in the academy's country (issue 49), first here
 * for an early message and then by the server, which says when it is not one. Mounted
 * per guardian edited, so each starts from that guardian's values.
 */
export function GuardianPopup({ userId, editing, onClose, onSaved }: GuardianPopupProps) {
  const save = useSaveGuardian(userId);
  const old = editing === 'new' ? null : editing;
  const { values, bind } = useFields({
    name: old?.name ?? '',
    phone: old?.phone ?? '',
    email: old?.email ?? '',
  });
  const phone = useAcademyPhone();
  const outcome = useFormOutcome(() => {
    if (!values.name.trim()) return "Please enter the guardian's name.";
    if (!values.phone.trim() && !values.email.trim())
      return "Please enter the guardian's phone number or e-mail address (or both).";
    return phone.problem(values.phone, GUARDIAN_PHONE);
  });
  const handleSend = () =>
    save.mutate(
      { user_id: userId, ...(old ? { guardian_id: old.id } : {}), ...values },
      outcome.reports(guardianFailure, onSaved),
    );
  return (
    <FormPopup
      open
      title={old ? `Edit ${old.name}` : 'Add a guardian'}
      onClose={onClose}
      onSend={handleSend}
      outcome={outcome}
      submitLabel={old ? 'Save' : 'Add guardian'}
      busy={save.isPending}
    >
      <TextField label="Name" autoComplete="off" maxLength={100} {...bind('name')} />
      <TextField
        label="Phone"
        hint={`For SMS. ${phone.hint}`}
        type="tel"
        autoComplete="off"
        {...bind('phone')}
      />
      <TextField label="E-mail" type="email" autoComplete="off" {...bind('email')} />
    </FormPopup>
  );
}
