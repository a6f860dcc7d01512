import { MESSAGE_KINDS, OWN_PHONE } from '@academy/contract/messages';
import { quietHoursProblem } from '@academy/contract/settings-rules';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { QuietHoursFields } from '../../components';
import { useAcademyPhone } from '../../shared/academy-phone';
import {
  FormCard,
  FormMessage,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { KindChoiceFields } from './kind-choice';
import styles from './messages.module.css';
import { ReachSummary } from './reach-summary';
import { type MessageChoicesAnswer, useSaveMessageChoices } from './use-messages';

const NOT_SAVED = 'Your choices could not be saved. Please try again.';

/** The person's choices, saved whole: each kind's channels, their quiet hours, their number. */
export function ChoicesForm({ answer }: { answer: MessageChoicesAnswer }) {
  const { choices, reach, academy_quiet_hours: academyQuiet } = answer;
  const [kinds, setKinds] = useState(choices.kinds);
  const [ownQuiet, setOwnQuiet] = useState(choices.quiet_hours !== null);
  const { values, bind } = useFields({
    from: choices.quiet_hours?.from ?? '22:00',
    to: choices.quiet_hours?.to ?? '07:00',
    phone: choices.phone ?? '',
  });
  const { from, to, phone } = values;
  const save = useSaveMessageChoices();
  const academyPhone = useAcademyPhone();
  const outcome = useFormOutcome(
    () => (ownQuiet ? quietHoursProblem(from, to) : null) ?? academyPhone.problem(phone, OWN_PHONE),
  );

  const send = () =>
    save.mutate(
      { kinds, quiet_hours: ownQuiet ? { from, to } : null, phone },
      outcome.reports(explainFailure(NOT_SAVED)),
    );

  return (
    <FormCard title="How the app reaches you" onSend={send} outcome={outcome}>
      <p className={styles.caption}>
        Everything still arrives in the app. Choose what also reaches you while the app is closed.
      </p>
      <ReachSummary reach={reach} />
      {MESSAGE_KINDS.map((kind) => (
        <KindChoiceFields
          key={kind}
          kind={kind}
          choice={kinds[kind]}
          onChange={(choice) => {
            setKinds({ ...kinds, [kind]: choice });
            outcome.onEntry();
          }}
          emailReady={reach.email}
          smsReady={reach.sms}
        />
      ))}
      <TextField
        label="Mobile number for SMS"
        type="tel"
        autoComplete="tel"
        hint={`${academyPhone.hint} Leave it empty for no SMS.`}
        {...bind('phone')}
      />
      <label className={styles.toggle}>
        <input type="checkbox" checked={ownQuiet} onChange={(e) => setOwnQuiet(e.target.checked)} />
        My own quiet hours
      </label>
      {ownQuiet ? (
        <QuietHoursFields from={bind('from')} to={bind('to')} />
      ) : (
        <p className={styles.caption}>
          {academyQuiet
            ? `The academy's quiet hours apply: nothing reaches you from ${academyQuiet.from} to ${academyQuiet.to}; it waits until they end.`
            : 'The academy has no quiet hours: messages reach you at any time.'}
        </p>
      )}
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={save.isPending} busyLabel="Saving...">
        Save my choices
      </SubmitButton>
    </FormCard>
  );
}
