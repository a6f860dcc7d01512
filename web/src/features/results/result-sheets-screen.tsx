import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useClassPicker } from '../../api/classes';
import { useTerms } from '../../api/terms';
import { ClassSelect } from '../../components/class-select';
import { hrefs } from '../../shared/paths';
import { useBackToStaffHome } from '../../shared/staff-home';
import { ActionRow, Card, Form, FormMessage, Screen, SubmitButton, useFormOutcome } from '../../ui';
import { defaultTermId, localToday } from './sheet-terms';
import { TermSelect, TermsView } from './term-choice';

/**
 * /result-sheets (issue 30): a class and a term chosen, their result sheet opens (the class
 * page opens its own directly). A teacher is offered the classes they teach; one who teaches
 * one class finds it chosen.
 */
export default function ResultSheetsScreen() {
  const back = useBackToStaffHome();
  const terms = useTerms();
  const navigate = useNavigate();
  const [chosenClass, setClassId] = useState('');
  // A teacher with one class finds it chosen (issue 49, point 10).
  const picker = useClassPicker().data;
  const only = picker?.classes.length === 1 && !picker.has_more ? picker.classes[0] : undefined;
  const classId = chosenClass || (only ? String(only.id) : '');
  const [chosenTerm, setChosenTerm] = useState<number | undefined>();
  const outcome = useFormOutcome(() => (classId ? null : 'Please choose a class.'));
  return (
    <Screen
      title="Result Sheets"
      subtitle="A class's scores, totals and outcomes for a term, typed and published."
      back={back}
      width="narrow"
    >
      <TermsView terms={terms}>
        {(answer) => {
          const termId =
            chosenTerm ?? defaultTermId(answer.terms, answer.current_term_id, localToday());
          return (
            <Card>
              <Form
                aria-label="Open a result sheet"
                outcome={outcome}
                onSend={() => navigate(hrefs.resultSheet(Number(classId), termId))}
              >
                <ClassSelect value={classId} onChange={setClassId} />
                <TermSelect terms={answer.terms} value={termId} onChange={setChosenTerm} />
                <FormMessage outcome={outcome} />
                <ActionRow>
                  <SubmitButton busy={false} busyLabel="Opening...">
                    Open the sheet
                  </SubmitButton>
                </ActionRow>
              </Form>
            </Card>
          );
        }}
      </TermsView>
    </Screen>
  );
}
