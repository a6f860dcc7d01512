import { FileDownloadButton } from '../../components';
import styles from './report-card.module.css';

/**
 * A published result's papers as PDFs, made by the server when asked (issue 30, points 5–6):
 * the report card, and for a pass the certificate with its verification code. The student's
 * screen loads no PDF code: the button fetches the file and the phone's viewer opens it.
 */
export function ResultPapers({ resultId, pass }: { resultId: number; pass: boolean }) {
  return (
    <div className={styles.papers}>
      <FileDownloadButton call="getReportCard" payload={{ result_id: resultId }} size="small">
        Download the report card (PDF)
      </FileDownloadButton>
      {pass && (
        <FileDownloadButton call="getCertificate" payload={{ result_id: resultId }} size="small">
          Download the certificate (PDF)
        </FileDownloadButton>
      )}
    </div>
  );
}
