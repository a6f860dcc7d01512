import { explainFailure } from '../../api/failure-text';
import { Card, FormMessage, QueryView, useFormOutcome } from '../../ui';
import { BandsForm } from './bands-form';
import styles from './results.module.css';
import { SchemeEditor } from './scheme-editor';
import { useResultScheme } from './use-results';

/**
 * Settings' Results card (issue 30, point 3): the academy's scheme, which every class without
 * its own follows, and the bands every total is read by. A class's own scheme is set on its
 * result sheet.
 */
export function ResultsSettingsCard() {
  const scheme = useResultScheme();
  const saved = useFormOutcome();
  return (
    <Card title="Results">
      <p className={styles.muted}>
        How a term's result is made: the components a student is marked on, each with its weight
        (the weights add up to 100) and where its scores come from, and the bands a total is read
        by. A class can have a scheme of its own, set on its result sheet.
      </p>
      <QueryView
        query={scheme}
        loading="Loading the scheme..."
        error={explainFailure('The scheme could not be loaded. Please try again.')}
      >
        {(answer) => (
          <>
            <h3 className={styles.subheading}>The academy's scheme</h3>
            <SchemeEditor
              // Read again once saved: the form starts from what the server keeps.
              key={JSON.stringify(answer.components)}
              components={answer.components}
              label="The academy's scheme"
              onSaved={saved.succeed}
            />
            <FormMessage outcome={saved} />
            <h3 className={styles.subheading}>Bands</h3>
            <BandsForm bands={answer.bands} />
          </>
        )}
      </QueryView>
    </Card>
  );
}
