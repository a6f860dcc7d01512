import { failureText } from '../../api/failure-text';

export const NETWORK = 'Could not reach the server. Please check your connection and try again.';

/** A guardian's save or removal that failed, in the card's words. */
export const guardianFailure = (error: unknown) =>
  failureText(error, {
    network: NETWORK,
    fallback: 'The guardian could not be saved. Please try again.',
  });
