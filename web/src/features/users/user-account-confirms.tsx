import { explainFailure } from '../../api/failure-text';
import { type Confirm, ConfirmPopup, type FormOutcome, useConfirm } from '../../ui';
import { useDeleteUser, useSetUserActive } from './use-users';
import type { User } from './users-table';

/** What deleting a user does, as the confirmation says it (docs/decisions.md). */
const DELETE_CONSEQUENCES =
  'Their account is deleted with everything that is theirs: their submissions and files, the corrections sent to them, their speaking answers, flashcards, notifications, schedule and assignments. They are logged out at once. This cannot be undone; to keep their work, deactivate them instead.';

/**
 * Deactivating, activating and deleting a user, each answered in the screen's message.
 * Deactivating ends their sessions at once and deleting cannot be undone: both are asked
 * first. Activating is not.
 */
export function useAccountChanges(message: FormOutcome) {
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const changeActive = (user: User, active: boolean, settled?: () => void) =>
    setActive.mutate(
      { userId: user.id, active },
      {
        ...message.reports(explainFailure('The change could not be saved. Please try again.')),
        onSettled: settled,
      },
    );
  const deactivating = useConfirm<User>((user, close) => changeActive(user, false, close));
  const deleting = useConfirm<User>((user, close) =>
    remove.mutate(user.id, {
      ...message.reports(explainFailure('The user could not be deleted. Please try again.')),
      onSettled: close,
    }),
  );
  return {
    toggleActive: (user: User) =>
      user.is_active ? deactivating.ask(user) : changeActive(user, true),
    remove: deleting.ask,
    confirms: {
      deactivating,
      deleting,
      isSaving: setActive.isPending,
      isDeleting: remove.isPending,
    },
  };
}

interface AccountConfirmsProps {
  deactivating: Confirm<User>;
  deleting: Confirm<User>;
  isSaving: boolean;
  isDeleting: boolean;
}

/** The questions before deactivating or deleting a user. */
export function AccountConfirms({
  deactivating,
  deleting,
  isSaving,
  isDeleting,
}: AccountConfirmsProps) {
  return (
    <>
      <ConfirmPopup
        {...deactivating.popup}
        title={`Deactivate ${deactivating.subject?.name ?? ''}?`}
        confirmLabel="Yes, Deactivate"
        busy={isSaving}
      >
        <p>
          They are logged out everywhere at once and cannot log in until they are activated again.
        </p>
      </ConfirmPopup>
      <ConfirmPopup
        {...deleting.popup}
        title={`Delete ${deleting.subject?.name ?? ''}?`}
        confirmLabel="Yes, Delete"
        busy={isDeleting}
      >
        <p>{DELETE_CONSEQUENCES}</p>
      </ConfirmPopup>
    </>
  );
}
