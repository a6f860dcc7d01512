import { hrefs } from '../../shared/paths';
import { ActionRow, ButtonLink, Card } from '../../ui';

/** The class page's way to its result sheet (issue 30): the current term's, or another's. */
export function ClassResultsLink({ classId }: { classId: number }) {
  return (
    <Card title="Results">
      <p>
        The class's scores, totals and outcomes for a term: typed like a spreadsheet, then published
        to its students.
      </p>
      <ActionRow>
        <ButtonLink to={hrefs.resultSheet(classId)} variant="primary">
          Open the result sheet
        </ButtonLink>
      </ActionRow>
    </Card>
  );
}
