import { readCertificateCode } from '@academy/contract/certificates';
import { OUTCOME_WORDS } from '@academy/contract/results';
import { useNavigate, useParams } from 'react-router';
import { explainFailure } from '../../api/failure-text';
import { hrefs } from '../../shared/paths';
import {
  Card,
  Form,
  FormMessage,
  QueryView,
  Screen,
  SubmitButton,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import { useVerifiedCertificate } from './use-verify';
import styles from './verify-screen.module.css';

/**
 * /verify and /verify/:code (new, issue 30): anyone checks a certificate by its code, typed or
 * opened from its QR code, without logging in. A real code shows only what the certificate
 * certifies; any other, that no certificate has it.
 */
export default function VerifyScreen() {
  const code = useParams().code ?? '';
  return (
    <Screen title="Verify a certificate" width="narrow">
      <CodeForm key={code} code={code} />
      {code !== '' && <Verified code={code} />}
    </Screen>
  );
}

function CodeForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const { values, bind } = useFields({ code });
  const typed = values.code;
  const outcome = useFormOutcome(() =>
    typed.trim() ? null : 'Please type the code printed on the certificate.',
  );
  const handleSend = () =>
    navigate(hrefs.verifyCertificate(readCertificateCode(typed) ?? typed.trim()));
  return (
    <Form onSend={handleSend} outcome={outcome} className={styles.form}>
      <TextField
        label="Certificate code"
        hint="As printed on the certificate, for example ABCDE-FGHJK-LMNPQ-RSTUV."
        name="code"
        maxLength={60}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        {...bind('code')}
      />
      <SubmitButton busy={false} busyLabel="Checking...">
        Verify
      </SubmitButton>
      <FormMessage outcome={outcome} />
    </Form>
  );
}

function Verified({ code }: { code: string }) {
  const certificate = useVerifiedCertificate(code);
  return (
    <QueryView
      query={certificate}
      loading="Checking the code..."
      error={explainFailure({
        network: 'The code could not be checked: you seem to be offline.',
        fallback: 'The code could not be checked. Please try again.',
      })}
    >
      {(found) => (
        <Card title="This certificate is genuine" aria-label="Certificate" className={styles.card}>
          <dl className={styles.facts}>
            <dt>Student</dt>
            <dd>{found.student_name}</dd>
            <dt>Academy</dt>
            <dd>{found.academy_name}</dd>
            <dt>Level</dt>
            <dd>{found.level ?? '—'}</dd>
            <dt>Term</dt>
            <dd>{found.term_name}</dd>
            <dt>Class</dt>
            <dd>{found.class_name}</dd>
            <dt>Outcome</dt>
            <dd>{OUTCOME_WORDS[found.outcome]}</dd>
          </dl>
        </Card>
      )}
    </QueryView>
  );
}
