import { MESSAGE_KIND_WORDS, MESSAGE_KINDS, type MessageKind } from '@academy/contract/messages';
import { useState } from 'react';
import { explainFailure, NO_CONNECTION } from '../../api/failure-text';
import { saveFailure } from '../../api/save-failure';
import { Card, Form, FormActions, QueryView, useFormOutcome } from '../../ui';
import styles from './guardians.module.css';
import { useGuardianKinds, useSaveGuardianKinds } from './use-guardians';

/**
 * Settings: which kinds of message also go to every student's guardians (issue 31, point 4),
 * by SMS and e-mail where those are set up and the guardian has a number or an address.
 */
export function GuardianKindsCard() {
  const kinds = useGuardianKinds();
  return (
    <Card title="Messages to guardians">
      <p className={styles.caption}>
        Guardians are added on each student's page. They are sent these kinds of message about their
        student by SMS and e-mail, when those are set up.
      </p>
      <QueryView
        query={kinds}
        loading="Loading..."
        error={explainFailure({
          network: NO_CONNECTION,
          fallback: 'Could not load what guardians are sent. Please try again.',
        })}
      >
        {(answer) => <KindsForm saved={answer.kinds} />}
      </QueryView>
    </Card>
  );
}

function KindsForm({ saved }: { saved: MessageKind[] }) {
  const save = useSaveGuardianKinds();
  const [chosen, setChosen] = useState<MessageKind[]>(saved);
  const outcome = useFormOutcome();
  const toggle = (kind: MessageKind) =>
    setChosen((now) => (now.includes(kind) ? now.filter((k) => k !== kind) : [...now, kind]));
  return (
    <Form
      onSend={() => save.mutate({ kinds: chosen }, outcome.reports(saveFailure))}
      outcome={outcome}
      aria-label="Kinds of message sent to guardians"
    >
      <fieldset className={styles.kinds}>
        <legend className="visually-hidden">Kinds of message sent to guardians</legend>
        {MESSAGE_KINDS.map((kind) => (
          <label key={kind}>
            <input type="checkbox" checked={chosen.includes(kind)} onChange={() => toggle(kind)} />
            {MESSAGE_KIND_WORDS[kind]}
          </label>
        ))}
      </fieldset>
      <FormActions
        outcome={outcome}
        label="Save what guardians are sent"
        busy={save.isPending}
        fill
      />
    </Form>
  );
}
