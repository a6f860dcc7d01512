import { explainFailure } from '../../api/failure-text';
import { QueryCard } from '../../ui';
import { EmailForm } from './email-form';
import { TestEmailForm } from './test-email-form';
import { useEmailSettings } from './use-email-settings';

/**
 * Settings' E-mail card (issue 31, point 3): the academy's SMTP server, and a test e-mail
 * through it once it is saved.
 */
export function EmailCard() {
  const settings = useEmailSettings();
  return (
    <QueryCard
      title="E-mail"
      query={settings}
      loading="Loading the e-mail settings..."
      error={explainFailure('Error loading the e-mail settings. Please try again.')}
    >
      {(answer) => (
        <>
          <EmailForm answer={answer} />
          {answer.email && <TestEmailForm />}
        </>
      )}
    </QueryCard>
  );
}
