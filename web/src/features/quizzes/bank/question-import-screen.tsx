import { explainFailure } from '../../../api/failure-text';
import { paths } from '../../../shared/paths';
import {
  ActionRow,
  ButtonLink,
  Card,
  FilePicker,
  Form,
  FormMessage,
  Message,
  Screen,
  SelectField,
  SubmitButton,
  TextAreaField,
  useFormOutcome,
} from '../../../ui';
import styles from './bank.module.css';
import { ImportDefaults, useImportDefaults } from './import-defaults';
import { ImportPreview } from './import-preview';
import { useImportQuestions, usePreviewImport } from './use-bank';
import { type QuestionFormat, useQuestionText } from './use-question-text';

/**
 * /question-bank/import (issue 51, point 8): GIFT or Aiken questions pasted or read from a
 * file, previewed by the server (each refused block named by its line), then imported all in
 * one go, or without the refused blocks once the teacher has seen them.
 */
export default function QuestionImportScreen() {
  const preview = usePreviewImport();
  const importing = useImportQuestions();
  const outcome = useFormOutcome(() =>
    source.text.trim() ? null : 'Please paste the questions or choose a file.',
  );
  // Any change of the text or its defaults makes the last preview stale.
  const stale = () => {
    preview.reset();
    importing.reset();
    outcome.clear();
  };
  const source = useQuestionText(stale);
  const defaults = useImportDefaults(stale);
  const request = { format: source.format, text: source.text, ...defaults.values };
  const seen = preview.data;
  const refusedCount = seen?.refused.length ?? 0;

  const handlePreview = () =>
    preview.mutate(request, {
      onError: (error) =>
        outcome.fail(explainFailure('The questions could not be read. Please try again.')(error)),
    });
  const handleImport = () =>
    importing.mutate(
      { ...request, skip_refused: refusedCount > 0 },
      {
        // The preview stays: its refused blocks are those the message says were left out.
        onSuccess: (answer) => outcome.succeed(answer.message),
        onError: (error) =>
          outcome.fail(
            explainFailure('The questions could not be imported. Please try again.')(error),
          ),
      },
    );

  return (
    <Screen
      title="Import questions"
      subtitle="Moodle's GIFT format or Aiken, pasted or from a file."
      back={{ to: paths.questionBank, label: 'Back to the Question Bank' }}
    >
      <Card>
        <Form onSend={handlePreview} outcome={outcome}>
          <FilePicker
            label="A GIFT or Aiken file (.txt, .gift)"
            accept=".txt,.gift,text/plain"
            files={source.files}
            onChange={source.choose}
          />
          {source.fileProblem && <Message tone="error">{source.fileProblem}</Message>}
          <SelectField
            label="Format"
            value={source.format}
            onChange={(e) => source.setFormat(e.target.value as QuestionFormat)}
          >
            <option value="gift">GIFT</option>
            <option value="aiken">Aiken</option>
          </SelectField>
          <TextAreaField
            label="Or paste the questions"
            className={styles.pasted}
            rows={10}
            spellCheck={false}
            value={source.text}
            onChange={(e) => source.setText(e.target.value)}
          />
          <ImportDefaults defaults={defaults} />
          <SubmitButton busy={preview.isPending} busyLabel="Reading...">
            Preview
          </SubmitButton>
        </Form>
      </Card>
      {seen && <ImportPreview preview={seen} />}
      <FormMessage outcome={outcome} />
      {seen && seen.questions.length > 0 && !importing.isSuccess && (
        <ActionRow>
          <SubmitButton
            type="button"
            onClick={handleImport}
            busy={importing.isPending}
            busyLabel="Importing..."
          >
            {refusedCount > 0
              ? `Skip the refused and import ${seen.questions.length}`
              : `Import ${seen.questions.length} ${seen.questions.length === 1 ? 'question' : 'questions'}`}
          </SubmitButton>
        </ActionRow>
      )}
      {importing.isSuccess && <ButtonLink to={paths.questionBank}>See the bank</ButtonLink>}
    </Screen>
  );
}
