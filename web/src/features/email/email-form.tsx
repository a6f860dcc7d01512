import type { CallResponse, EmailSecurity } from '@academy/contract';
import { explainFailure } from '../../api/failure-text';
import {
  ConfirmedChangeButton,
  FieldRow,
  Form,
  FormActions,
  NumberField,
  PasswordField,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './email.module.css';
import { emailSettingsProblem, SECURITY_CHOICES } from './email-rules';
import { useSaveEmailSettings } from './use-email-settings';

type Answer = CallResponse<'getEmailSettings'>;

const explain = explainFailure('Failed to save the e-mail settings. Please try again.');

/** The SMTP server and the sender; the password is typed, never shown, and kept when left empty. */
export function EmailForm({ answer }: { answer: Answer }) {
  const saved = answer.email;
  const { save, clear } = useSaveEmailSettings();
  const { values, bind, set } = useFields({
    host: saved?.host ?? '',
    port: String(saved?.port ?? 587),
    security: (saved?.security ?? 'starttls') as EmailSecurity,
    user: saved?.user ?? '',
    password: '',
    senderName: saved?.sender_name ?? '',
    senderAddress: saved?.sender_address ?? '',
  });
  const outcome = useFormOutcome(() => emailSettingsProblem(values, saved));

  const handleSend = () =>
    save.mutate(
      {
        host: values.host.trim(),
        port: Number(values.port),
        security: values.security,
        user: values.user.trim(),
        ...(values.password ? { password: values.password } : {}),
        sender_name: values.senderName.trim(),
        sender_address: values.senderAddress.trim(),
      },
      {
        ...outcome.reports(explain),
        // Kept now: the field empties, and its hint says a password is kept.
        onSuccess: (answer) => {
          set({ password: '' });
          outcome.succeed(answer.message);
        },
      },
    );

  const keptHint = saved?.has_password
    ? 'A password is kept (never shown). Leave this empty to keep it.'
    : 'Kept encrypted; never shown again.';
  return (
    <Form onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        {saved
          ? `E-mail is on. Links in e-mails open ${saved.link_origin}, the address these settings were saved from.`
          : 'E-mail is off: nothing is sent by e-mail, and “Forgot password?” cannot send links. Your e-mail provider gives these settings (SMTP).'}
      </p>
      <TextField label="SMTP server" autoComplete="off" spellCheck={false} {...bind('host')} />
      <FieldRow>
        <NumberField label="Port" {...bind('port')} />
        <SelectField label="Security" {...bind('security')}>
          {SECURITY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <TextField
        label="User name"
        hint="Leave empty if the server takes e-mail without signing in."
        autoComplete="off"
        spellCheck={false}
        {...bind('user')}
      />
      {values.user.trim() !== '' && (
        <PasswordField
          label="Password"
          purpose="new"
          hint={
            answer.can_keep_password
              ? keptHint
              : 'This server cannot keep a password: whoever runs it must set SETTINGS_KEY first.'
          }
          {...bind('password')}
        />
      )}
      <TextField label="Sender name" autoComplete="off" maxLength={100} {...bind('senderName')} />
      <TextField
        label="Sender address"
        type="email"
        autoComplete="off"
        maxLength={200}
        {...bind('senderAddress')}
      />
      <FormActions outcome={outcome} label="Save e-mail settings" busy={save.isPending} fill>
        <ConfirmedChangeButton
          change={clear}
          variables={{}}
          reports={outcome.reports(explain)}
          offered={Boolean(saved)}
          label="Clear"
          title="Turn e-mail off?"
          confirmLabel="Yes, Clear"
        >
          Nothing more will be sent by e-mail, and “Forgot password?” will not send links, until the
          settings are saved again. The password kept is forgotten.
        </ConfirmedChangeButton>
      </FormActions>
    </Form>
  );
}
