import { Smile } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import { RecipientsPicker, useRecipients } from '../../components';
import { useBackToStaffHome } from '../../shared/staff-home';
import {
  Button,
  ButtonLink,
  FormMessage,
  FormScreen,
  Loading,
  Popup,
  SubmitButton,
  useFormOutcome,
} from '../../ui';
import { MessageField } from '../../ui/message-field';
import { SmsCapPopup, useSmsCapCheck } from '../sms/sms-cap-check';
import styles from './notifications.module.css';
import { useSendNotification } from './use-notifications';

// The picker and its data are large: fetched the first time the admin opens it.
const EmojiChooser = lazy(() => import('./emoji-picker'));

const sendFailure = explainFailure({
  network: 'An error occurred while sending the notification.',
  fallback: 'Failed to send notification.',
});

/**
 * /send-notification: to one student (or, new, all of them, several of them or a class), a
 * message with emoji. A teacher's go to their classes' students, never to all (issue 29).
 */
export default function SendNotificationScreen() {
  const send = useSendNotification();
  const isAdmin = useIsAdmin();
  const back = useBackToStaffHome('Back to Home Screen');
  const recipients = useRecipients();
  const [message, setMessage] = useState('');
  const [isPickerOpen, setPickerOpen] = useState(false);
  // The success is said in a popup (spec section 2); the form says what is wrong.
  const outcome = useFormOutcome(
    () => recipients.problem ?? (!message.trim() ? 'Please enter a message.' : null),
  );
  const [sent, setSent] = useState<string | null>(null);
  // Before a send that would pass the month's SMS cap, a question (issue 31, point 4).
  const smsCap = useSmsCapCheck();

  const handleSend = () => smsCap.check(recipients.payload, sendNow);
  const sendNow = () =>
    send.mutate(
      { ...recipients.payload, message: message.trim() },
      {
        onSuccess: (answer) => {
          setSent(recipients.sent('Notification sent successfully!', answer.message));
          setMessage('');
        },
        onError: (error) => outcome.fail(sendFailure(error)),
      },
    );

  return (
    <FormScreen
      title="Send Notification"
      back={back}
      onSend={handleSend}
      outcome={outcome}
      after={
        <>
          <ButtonLink to={back.to} variant="secondary">
            {back.label}
          </ButtonLink>
          <Popup open={sent !== null} title="Sent" onClose={() => setSent(null)}>
            <p>{sent}</p>
          </Popup>
          <SmsCapPopup cap={smsCap} />
        </>
      }
    >
      <RecipientsPicker
        {...recipients.picker}
        showEmail
        extraOptions={isAdmin && <option value="all">All students</option>}
      />
      <MessageField required value={message} onChange={(e) => setMessage(e.target.value)} />
      <div className={styles.emojiRow}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => setPickerOpen(!isPickerOpen)}
          aria-expanded={isPickerOpen}
        >
          <Smile size={16} aria-hidden="true" /> Add Emoji
        </Button>
        {isPickerOpen && (
          <Suspense fallback={<Loading>Loading emoji...</Loading>}>
            <EmojiChooser onPick={(emoji) => setMessage((m) => m + emoji)} />
          </Suspense>
        )}
      </div>
      <FormMessage outcome={outcome} />
      <SubmitButton block busy={send.isPending || smsCap.isChecking} busyLabel="Sending...">
        Send Notification
      </SubmitButton>
    </FormScreen>
  );
}
