import { markText } from '@academy/contract/marks';
import { Download } from 'lucide-react';
import { Fragment } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useFeedbackOpened } from '../../api/waiting-counts';
import { formatLongDate, formatLongDateTime } from '../../lib/dates';
import { AudioPlayer } from '../../media/audio-player';
import { TeacherReply } from '../../media/teacher-reply';
import { paths } from '../../shared/paths';
import {
  BackButton,
  FileButton,
  FileList,
  FileName,
  ItemCard,
  ItemList,
  Message,
  Meta,
  QueryItemList,
  Screen,
  Stack,
} from '../../ui';
import styles from './corrections.module.css';
import { QuizMarks } from './quiz-marks';
import {
  type CorrectionItem,
  type ResultFile,
  useDownloadResult,
  useResults,
  useSpeakingReplies,
} from './use-corrections';

const back = { to: paths.userHome, label: 'Back to Home Screen', replace: true };

const loadFailure = explainFailure('Failed to load the results.');

/** One result: its title, date, description and a 'Download Result' button for each file. */
function ResultCard({
  result,
  downloading,
  onDownload,
}: {
  result: CorrectionItem;
  /** The file being saved now, if any. */
  downloading: ResultFile | undefined;
  onDownload: (file: ResultFile) => void;
}) {
  return (
    <ItemCard
      title={result.title}
      lines={[
        <>
          <strong>Created At:</strong> {formatLongDate(result.created_at)}
        </>,
        result.mark && (
          <>
            <strong>Mark:</strong> {markText(result.mark)}
          </>
        ),
        result.submission_subject && (
          <>
            <strong>Answers your work:</strong> {result.submission_subject}, sent{' '}
            {formatLongDateTime(result.submission_created_at)}
            {result.assignment_title && <>, for the assignment {result.assignment_title}</>}
          </>
        ),
      ]}
      text={result.description || 'No description provided.'}
    >
      {result.files.length === 0 ? (
        <Meta>No files uploaded.</Meta>
      ) : (
        <>
          <p>
            <strong>Files:</strong>
          </p>
          <FileList>
            {result.files.map((file, fileIndex) => (
              // Links change on every read of the list; the position does not.
              // biome-ignore lint/suspicious/noArrayIndexKey: a result's files keep their order.
              <Fragment key={fileIndex}>
                <FileButton
                  onClick={() => onDownload({ resultId: result.id, fileIndex })}
                  disabled={
                    downloading?.resultId === result.id && downloading.fileIndex === fileIndex
                  }
                  aria-label={`Download Result ${file.file_name}`}
                >
                  <Download size={16} aria-hidden="true" /> Download Result
                </FileButton>
                <FileName>{file.file_name}</FileName>
              </Fragment>
            ))}
          </FileList>
        </>
      )}
      {result.comment_audio_url && (
        <TeacherReply title="Recorded comment" audioUrl={result.comment_audio_url} />
      )}
    </ItemCard>
  );
}

/**
 * The administrator's replies to the student's speaking answers (issue 21), under the
 * results: each question, the student's own answer to hear again, and the reply. Shown only
 * once there is one; a failure to load them says so without hiding the results.
 */
function SpeakingReplies() {
  const replies = useSpeakingReplies();
  if (replies.isError && !replies.data)
    return <Message tone="error">Failed to load the replies to your speaking answers.</Message>;
  if (!replies.data?.replies.length) return null;
  return (
    <section aria-labelledby="speaking-replies" className={styles.replies}>
      <h2 id="speaking-replies" className={styles.repliesTitle}>
        Replies to your speaking answers
      </h2>
      <ItemList label="Speaking replies">
        {replies.data.replies.map((reply) => (
          <ItemCard
            key={reply.answer_id}
            title={reply.question_text}
            meta={
              <Meta>
                <strong>Answered:</strong> {formatLongDate(reply.answered_at)}
              </Meta>
            }
          >
            <Stack>
              <AudioPlayer src={reply.answer_url} label={`Your answer to ${reply.question_text}`} />
              <TeacherReply
                text={reply.reply_text}
                audioUrl={reply.reply_audio_url}
                at={reply.replied_at}
                mark={reply.mark}
              />
            </Stack>
          </ItemCard>
        ))}
      </ItemList>
    </section>
  );
}

/** /assignment-results: the student's corrections, exactly as spec section 2 describes them. */
export default function AssignmentResultsScreen() {
  const results = useResults();
  const download = useDownloadResult();
  // The home's count of new corrections and replies goes once the student is here.
  useFeedbackOpened('assignment_results');

  // The spec: "the error message text replaces the screen on fetch failure". A way home stays.
  if (results.isError && !results.data) {
    return (
      <main className={styles.replaced}>
        <p role="alert">{loadFailure(results.error)}</p>
        <BackButton back={back} />
      </main>
    );
  }

  return (
    <Screen title="Assignment Results" back={back} backAtBottom>
      {download.isError && (
        <Message tone="error">Failed to download the file. Please try again.</Message>
      )}
      <QueryItemList
        query={results}
        loading="Loading..."
        error={loadFailure}
        empty={(data) => <p>{data.message ?? 'No Results found.'}</p>}
        items={(data) => data.items}
        label="Results"
      >
        {(result) => (
          <ResultCard
            result={result}
            downloading={download.isPending ? download.variables : undefined}
            onDownload={(file) => download.mutate(file)}
          />
        )}
      </QueryItemList>
      <SpeakingReplies />
      <QuizMarks />
    </Screen>
  );
}
