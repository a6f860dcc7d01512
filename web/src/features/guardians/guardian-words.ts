import { explainFailure, NO_CONNECTION } from '../../api/failure-text';

/** A guardian's save or removal that failed, in the card's words. */
export const guardianFailure = explainFailure({
  network: NO_CONNECTION,
  fallback: 'The guardian could not be saved. Please try again.',
});
