import type { CallResponse } from '@academy/contract';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { saveBlob } from '../../lib/file-links';
import { hrefs } from '../../shared/paths';
import { Button, ButtonLink, ConfirmPopup, Message, ProgressBar, Stack } from '../../ui';
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
  const dismiss = useDismissImport();
  const [dismissing, setDismissing] = useState<Job | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const save = (job: Job) =>
    download.mutate(job.id, {
      onSuccess: (answer) => {
        saveBlob(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.file_name);
        setNotice(null);
      },
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: failureText(error, {
            fallback: 'The passwords could not be downloaded. Please try again.',
          }),
        }),
    });

  const confirmDismiss = () => {
    if (!dismissing) return;
    dismiss.mutate(dismissing.id, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: failureText(error, {
            fallback: 'The import could not be dismissed. Please try again.',
          }),
        }),
      onSettled: () => setDismissing(null),
    });
  };

  if (jobs.status === 'error')
    return (
      <Message tone="error">
        {`The imports could not be loaded: ${failureText(jobs.error, { fallback: jobs.error.message })}`}
      </Message>
    );
  if (!jobs.data?.length && !notice) return null;

  return (
    <section className={styles.imports} aria-label="Students' imports">
      <Stack>
        {notice && <Message tone={notice.tone}>{notice.text}</Message>}
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
              <div className={styles.actions}>
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
                <Button variant="secondary" onClick={() => setDismissing(job)}>
                  Dismiss
                </Button>
              </div>
            )}
          </article>
        ))}
      </Stack>
      <ConfirmPopup
        open={dismissing !== null}
        title="Dismiss this import?"
        confirmLabel="Yes, Dismiss"
        busy={dismiss.isPending}
        onConfirm={confirmDismiss}
        onCancel={() => setDismissing(null)}
      >
        <p>
          {dismissing?.has_credentials
            ? "The new students' passwords are deleted: hand them out first (download them or print the slips). A forgotten password can still be reset."
            : 'The import leaves this screen.'}
        </p>
      </ConfirmPopup>
    </section>
  );
}
