import type { CallResponse } from '@academy/contract';
import { explainFailure, failureText } from '../../api/failure-text';
import { saveBlob } from '../../lib/file-links';
import { hrefs } from '../../shared/paths';
import {
  ActionRow,
  Button,
  ButtonLink,
  ConfirmPopup,
  FormMessage,
  Message,
  ProgressBar,
  Stack,
  useConfirmedChange,
  useFormOutcome,
} from '../../ui';
import { useDismissImport, useDownloadCredentials, useImportJobs } from './use-users';
import styles from './users.module.css';

type Job = CallResponse<'getImportJobs'>['jobs'][number];

/**
 * The students' imports not dismissed, on the users screen: a running one with its progress
 * (asked again every second), a finished one with its new students' passwords to download as
 * CSV or print as slips until the administrator dismisses it, a failed one saying why. Shows
 * nothing while there is none (or while the list loads: the screen does not wait for it).
 */
export function ImportJobsPanel() {
  const jobs = useImportJobs();
  const download = useDownloadCredentials();
  const message = useFormOutcome();
  const dismissing = useConfirmedChange(
    useDismissImport(),
    (job: Job) => job.id,
    message.reports(explainFailure('The import could not be dismissed. Please try again.')),
  );

  const save = (job: Job) =>
    download.mutate(job.id, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.file_name);
        message.clear();
      },
      onError: (error) =>
        message.fail(
          failureText(error, {
            fallback: 'The passwords could not be downloaded. Please try again.',
          }),
        ),
    });

  if (jobs.status === 'error')
    return (
      <Message tone="error">
        {`The imports could not be loaded: ${failureText(jobs.error, { fallback: jobs.error.message })}`}
      </Message>
    );
  if (!jobs.data?.length && !message.message) return null;

  return (
    <section className={styles.imports} aria-label="Students' imports">
      <Stack>
        <FormMessage outcome={message} />
        {jobs.data?.map((job) => (
          <article
            key={job.id}
            className={styles.importJob}
            aria-label={`Import of ${job.created_at}`}
          >
            {job.status === 'running' ? (
              <>
                <Message tone="info">
                  {`Importing ${job.total} students: ${job.done} of ${job.total} passwords prepared...`}
                </Message>
                <ProgressBar
                  percent={job.total ? (job.done / job.total) * 100 : 0}
                  label="Import progress"
                />
              </>
            ) : (
              <Message tone={job.status === 'done' ? 'success' : 'error'}>{job.message}</Message>
            )}
            {job.status !== 'running' && (
              <ActionRow>
                {job.has_credentials && (
                  <>
                    <Button onClick={() => save(job)} disabled={download.isPending}>
                      Download passwords (CSV)
                    </Button>
                    <ButtonLink variant="secondary" to={hrefs.importSlips(job.id)}>
                      Print sign-in slips
                    </ButtonLink>
                  </>
                )}
                <Button variant="secondary" onClick={() => dismissing.ask(job)}>
                  Dismiss
                </Button>
              </ActionRow>
            )}
          </article>
        ))}
      </Stack>
      <ConfirmPopup {...dismissing.popup} title="Dismiss this import?" confirmLabel="Yes, Dismiss">
        <p>
          {dismissing.subject?.has_credentials
            ? "The new students' passwords are deleted: hand them out first (download them or print the slips). A forgotten password can still be reset."
            : 'The import leaves this screen.'}
        </p>
      </ConfirmPopup>
    </section>
  );
}
