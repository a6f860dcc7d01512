import { failureText } from '../../api/failure-text';

/** The spec's message for a failed call of the Card Library: with the server's reason when it gave one. */
export function libraryFailure(
  error: unknown,
  action: 'fetching' | 'updating' | 'deleting',
): string {
  return action === 'fetching'
    ? failureText(error, {
        refusalPrefix: 'Error fetching cards: ',
        fallback: 'An error occurred while fetching cards.',
      })
    : failureText(error, {
        refusalPrefix: `Error ${action} card: `,
        fallback: `An error occurred while ${action} the card.`,
      });
}
