import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../api/failure-text';
import { hrefs } from '../../shared/paths';
import { Card, Form, FormMessage, SubmitButton, TextField, useFormOutcome } from '../../ui';
import styles from './classes.module.css';
import { useCreateClass } from './use-classes';

/** An administrator makes a class by its name; the new class's page opens at once. */
export function NewClassCard() {
  const navigate = useNavigate();
  const create = useCreateClass();
  const [name, setName] = useState('');
  const outcome = useFormOutcome(() => (name.trim() ? null : 'Please enter a class name.'));

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome.check()) return;
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        // The new class opens at once: adding its students is the next job.
        navigate(hrefs.classPage(answer.class_id));
      },
      onError: (error) =>
        outcome.fail(
          failureText(error, { fallback: 'The class could not be created. Please try again.' }),
        ),
    });
  };

  return (
    <Card title="New class">
      <Form onSubmit={handleCreate} outcome={outcome} className={styles.createForm}>
        <TextField
          label="Class name"
          placeholder="e.g. B1 Monday evenings"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <SubmitButton busy={create.isPending} busyLabel="Creating...">
          Create class
        </SubmitButton>
        <FormMessage outcome={outcome} />
      </Form>
    </Card>
  );
}
