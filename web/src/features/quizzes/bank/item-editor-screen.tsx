import { useLocation, useNavigate, useParams } from 'react-router';
import { explainFailure } from '../../../api/failure-text';
import { hrefs, paths } from '../../../shared/paths';
import { Message, QueryView, Screen } from '../../../ui';
import { blankDraft, draftOf } from './editor-state';
import { ItemForm } from './item-form';
import { ItemVersions } from './item-versions';
import { RegradePanel } from './regrade-panel';
import { useBankItem } from './use-bank';

const BACK = { to: paths.questionBank, label: 'Back to the Question Bank' };

/** What the editor was told on arriving: a new item's "added" message. */
const arrivedWith = (state: unknown) =>
  state && typeof state === 'object' && 'message' in state ? String(state.message) : null;

/**
 * /question-bank/new and /question-bank/:id (issue 51, point 1): an item made, or one of the
 * bank's opened with its versions. Saving an item students have answered adds a version (the
 * server's message says so); attempts keep the version they answered.
 */
export default function ItemEditorScreen() {
  const { id } = useParams();
  const itemId = id === undefined ? undefined : Number(id);
  if (itemId === undefined || !Number.isInteger(itemId) || itemId < 1) return <NewItemScreen />;
  return <EditItemScreen key={itemId} itemId={itemId} />;
}

function NewItemScreen() {
  const navigate = useNavigate();
  return (
    <Screen title="New item" subtitle="A question for the academy's bank." back={BACK}>
      <ItemForm
        initial={blankDraft()}
        onSaved={({ id, message }) =>
          navigate(hrefs.questionItem(id), { replace: true, state: { message } })
        }
      />
    </Screen>
  );
}

function EditItemScreen({ itemId }: { itemId: number }) {
  const item = useBankItem(itemId);
  const navigate = useNavigate();
  const arrived = arrivedWith(useLocation().state);
  return (
    <Screen title="Edit item" back={BACK}>
      <QueryView
        query={item}
        loading="Loading the item..."
        error={explainFailure({
          refusalPrefix: 'Error loading the item: ',
          fallback: 'The item could not be loaded. Please try again.',
        })}
      >
        {({ item: found }) => (
          <>
            {arrived && <Message tone="success">{arrived}</Message>}
            {!found.can_edit && (
              <Message tone="info">
                Written by {found.created_by_name ?? 'an account now deleted'}: only they or an
                administrator can change it.
              </Message>
            )}
            {found.archived && <Message tone="info">This item is archived.</Message>}
            <ItemForm
              initial={draftOf(found)}
              itemId={found.id}
              onSaved={({ message }) =>
                navigate(hrefs.questionItem(found.id), { replace: true, state: { message } })
              }
            />
            <RegradePanel item={found} />
            <ItemVersions item={found} />
          </>
        )}
      </QueryView>
    </Screen>
  );
}
