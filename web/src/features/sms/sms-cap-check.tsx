import type { CallRequest } from '@academy/contract';
import { useState } from 'react';
import { call } from '../../api/client';
import { ConfirmPopup } from '../../ui';

type Recipients = CallRequest<'estimateSms'>;

interface Over {
  estimate: number;
  left: number;
  send: () => void;
}

/**
 * The question before a notification that would pass the month's SMS cap (issue 31, point 4):
 * `check(recipients, send)` asks the server how many SMS the send would queue and how many
 * are left, and sends at once unless it would pass them; then `popup` asks first. When SMS is
 * not set up the answer says so and the send goes. The estimate is advice: if it cannot be
 * asked the send goes anyway, and the server's sender holds the cap whatever is sent.
 */
export function useSmsCapCheck() {
  const [over, setOver] = useState<Over | null>(null);
  const [isChecking, setChecking] = useState(false);
  const check = (recipients: Recipients, send: () => void) => {
    setChecking(true);
    call('estimateSms', recipients)
      .then(
        (answer) => {
          const { estimate, left } = answer;
          if (answer.sms_ready && left !== null && estimate > left)
            setOver({ estimate, left, send });
          else send();
        },
        () => send(),
      )
      .finally(() => setChecking(false));
  };
  return { check, isChecking, over, close: () => setOver(null) };
}

/** "This sends about N SMS; M are left this month…": Send anyway, or Cancel. */
export function SmsCapPopup({ cap }: { cap: ReturnType<typeof useSmsCapCheck> }) {
  const { over, close } = cap;
  return (
    <ConfirmPopup
      open={over !== null}
      title="Over this month's SMS cap"
      confirmLabel="Send anyway"
      onCancel={close}
      onConfirm={() => {
        close();
        over?.send();
      }}
    >
      <p>
        This sends about {over?.estimate} SMS; {over?.left} are left this month. Those past the cap
        will not be sent. Send anyway?
      </p>
    </ConfirmPopup>
  );
}
