import { useSearchParams } from 'react-router';
import { failureText } from '../../api/failure-text';
import { linkParams, paths } from '../../shared/paths';
import { Button, Message, QueryView, Screen, Stack } from '../../ui';
import { useImportCredentials } from './use-users';
import styles from './users.module.css';

/**
 * /import-slips?job=: one slip per new student of a finished import (name, class, username,
 * password, where to sign in) to print and cut out; printing shows the slips alone. The
 * passwords are kept until the import is dismissed on the users screen.
 */
export default function ImportSlipsScreen() {
  const [params] = useSearchParams();
  const jobId = Number(params.get(linkParams.job));
  const back = { to: paths.viewUsers, label: 'Back to Users' };
  if (!Number.isInteger(jobId) || jobId < 1)
    return (
      <Screen title="Sign-in slips" back={back}>
        <Message tone="error">No import is named. Open the slips from the users screen.</Message>
      </Screen>
    );
  return <Slips jobId={jobId} back={back} />;
}

function Slips({ jobId, back }: { jobId: number; back: { to: string; label: string } }) {
  const credentials = useImportCredentials(jobId);
  return (
    <Screen title="Sign-in slips" back={back}>
      <QueryView
        query={credentials}
        loading="Loading the slips..."
        error={(error) =>
          `The slips could not be loaded: ${failureText(error, { fallback: error.message })}`
        }
        isEmpty={(answer) => answer.students.length === 0}
        empty="This import created no students."
      >
        {(answer) => (
          <Stack>
            <p className={styles.noPrint}>
              {`${answer.students.length} slips: print them, cut along the lines and hand each student theirs. Dismiss the import on the users screen once they are handed out: the passwords are then deleted.`}
            </p>
            <div className={styles.noPrint}>
              <Button onClick={() => window.print()}>Print slips</Button>
            </div>
            <ul className={styles.slips} aria-label="Sign-in slips">
              {answer.students.map((s) => (
                <li key={s.username} className={styles.slip}>
                  <p className={styles.slipName}>{s.name}</p>
                  {s.class && <p>Class: {s.class}</p>}
                  <dl className={styles.slipDetails}>
                    <dt>Username</dt>
                    <dd>{s.username}</dd>
                    <dt>Password</dt>
                    <dd>{s.password}</dd>
                    <dt>Sign in at</dt>
                    <dd>{answer.sign_in_url}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </Stack>
        )}
      </QueryView>
    </Screen>
  );
}
