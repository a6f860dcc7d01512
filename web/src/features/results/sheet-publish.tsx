import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { formatInstant } from '../../lib/dates';
import { Button, Card, FormActions, Popup, useFormOutcome } from '../../ui';
import { notReadySentence, publishPreview, withdrawingSentence } from './publish-preview';
import styles from './results.module.css';
import { type Sheet, usePublishResults } from './use-results';

const students = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** Where the sheet stands: a draft, or published (when, by whom) and what changed since. */
export function publicationWords(sheet: Sheet): string {
  if (sheet.published_at === null)
    return 'Draft: students see nothing until the results are published.';
  const by = sheet.published_by ? ` by ${sheet.published_by}` : '';
  const changed = sheet.students.filter((s) => s.published && s.differs).length;
  const unpublished = sheet.students.filter((s) => !s.published).length;
  const since = [
    ...(changed > 0 ? [`${students(changed)} changed since published`] : []),
    ...(unpublished > 0 ? [`${students(unpublished)} not published yet`] : []),
  ];
  return `Published on ${formatInstant(sheet.published_at)}${by}.${since.length > 0 ? ` ${since.join('; ')}.` : ''}`;
}

/**
 * Publishing a class's sheet of a term, after asking: each student with a total is told their
 * result (the first time), or those whose result changed (again: "Publish changes"). The
 * confirmation names the students left out for lack of a total and the certificates a change
 * withdraws (issue 49, points 9 and 11); publishing again later adds the students left out.
 */
export function SheetPublish({ sheet }: { sheet: Sheet }) {
  const publish = usePublishResults();
  const message = useFormOutcome();
  const [isAsking, setIsAsking] = useState(false);
  const isPublished = sheet.published_at !== null;
  const preview = publishPreview(sheet);
  const withoutTotal = preview.notReady.length;
  const handlePublish = () =>
    publish.mutate(
      { class_id: sheet.class.id, term_id: sheet.term.id },
      {
        ...message.reports(explainFailure('The results could not be published. Please try again.')),
        onSettled: () => setIsAsking(false),
      },
    );
  const label = isPublished ? 'Publish changes' : 'Publish results';
  return (
    <Card title="Publishing">
      <p className={styles.state}>{publicationWords(sheet)}</p>
      {withoutTotal > 0 && (
        <p className={styles.muted}>
          {withoutTotal === 1
            ? '1 student has no total yet'
            : `${withoutTotal} students have no total yet`}
          : they are left out when publishing until every component has a score or is excused.
        </p>
      )}
      <FormActions
        outcome={message}
        label={label}
        busy={publish.isPending}
        busyLabel="Publishing..."
        onClick={() => {
          message.clear();
          setIsAsking(true);
        }}
      />
      <Popup
        open={isAsking}
        title={isPublished ? 'Publish the changes?' : 'Publish the results?'}
        onClose={() => setIsAsking(false)}
        initialFocus="action"
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              Cancel
            </Button>
            <Button onClick={handlePublish} disabled={publish.isPending}>
              {label}
            </Button>
          </>
        }
      >
        <p>
          {isPublished
            ? `Each student of ${sheet.class.name} whose result changed is told, and sees it marked as changed.`
            : `Each of the ${students(preview.ready)} of ${sheet.class.name} with a total is told their ${sheet.term.name} result, and sees it on their Results screen.`}
        </p>
        {[notReadySentence(preview.notReady), withdrawingSentence(preview.withdrawing)].map(
          (sentence) => sentence && <p key={sentence}>{sentence}</p>,
        )}
      </Popup>
    </Card>
  );
}
