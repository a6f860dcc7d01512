import { quizzesWords, SOURCE_WORDS } from '@academy/contract/results';
import { useState } from 'react';
import { explainFailure } from '../../api/failure-text';
import { useIsAdmin } from '../../api/role';
import {
  ActionRow,
  Button,
  Card,
  ConfirmPopup,
  FormMessage,
  useConfirmedChange,
  useFormOutcome,
} from '../../ui';
import styles from './results.module.css';
import { SchemeEditor } from './scheme-editor';
import { type Sheet, useSaveScheme } from './use-results';

/** The bands and the absence rule, in words. */
function rulesWords(sheet: Sheet) {
  const { pass_at: passAt, conditional_at: from } = sheet.bands;
  const bands =
    from === null
      ? `A total of ${passAt} or more passes; there is no conditional pass.`
      : `A total of ${passAt} or more passes; from ${from}, a conditional pass.`;
  const limit = sheet.absence_limit;
  const absences =
    limit === null
      ? 'There is no absence limit: every student may sit the final.'
      : `A student with more than ${limit === 1 ? '1 absence' : `${limit} absences`} this term is not eligible for the final, and does not pass.`;
  return `${bands} ${absences}`;
}

/**
 * What the class is marked on: each component with its weight and where its scores come from,
 * the bands and the absence rule. An administrator gives the class a scheme of its own (the
 * same editor as Settings') or sends it back to the academy's.
 */
export function SheetScheme({ sheet }: { sheet: Sheet }) {
  const isAdmin = useIsAdmin();
  const [isEditing, setIsEditing] = useState(false);
  const message = useFormOutcome();
  const save = useSaveScheme();
  const backToAcademy = useConfirmedChange(
    save,
    () => ({ class_id: sheet.class.id, use_academy: true }),
    message.reports(explainFailure('The scheme could not be saved. Please try again.')),
  );
  return (
    <Card title="Marked on">
      <p className={styles.muted}>
        {sheet.academy_scheme ? "The academy's scheme (Settings)." : "This class's own scheme."}
      </p>
      <ul className={styles.schemeList} aria-label="Components">
        {sheet.components.map((c) => (
          <li key={c.key}>
            <span className={styles.componentName}>{c.name}</span> · {c.weight}% ·{' '}
            {c.source === 'typed'
              ? SOURCE_WORDS.typed
              : c.source === 'quizzes'
                ? `Computed: ${quizzesWords(c)}`
                : `Computed: ${SOURCE_WORDS[c.source]}`}
            {c.final ? ' · Final exam' : ''}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{rulesWords(sheet)}</p>
      <FormMessage outcome={message} />
      {isAdmin && isEditing && (
        <SchemeEditor
          key={JSON.stringify(sheet.components)}
          components={sheet.components}
          classId={sheet.class.id}
          label={`The scheme of ${sheet.class.name}`}
          onSaved={(said) => {
            setIsEditing(false);
            message.succeed(said);
          }}
          onCancel={() => setIsEditing(false)}
        />
      )}
      {isAdmin && !isEditing && (
        <ActionRow>
          <Button
            variant="secondary"
            onClick={() => {
              message.clear();
              setIsEditing(true);
            }}
          >
            {sheet.academy_scheme ? 'Give this class its own scheme' : "Change this class's scheme"}
          </Button>
          {!sheet.academy_scheme && (
            <Button variant="secondary" onClick={() => backToAcademy.ask(true)}>
              Use the academy's scheme
            </Button>
          )}
        </ActionRow>
      )}
      <ConfirmPopup
        {...backToAcademy.popup}
        title="Use the academy's scheme?"
        confirmLabel="Use the academy's scheme"
      >
        {sheet.class.name} is then marked on the academy's scheme. Scores typed for components the
        academy's scheme does not have are removed.
      </ConfirmPopup>
    </Card>
  );
}
