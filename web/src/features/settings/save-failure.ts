import { failureText } from '../../api/failure-text';

export const NETWORK = 'Could not reach the server. Please check your connection and try again.';
const FAILED = 'Failed to save the settings. Please try again.';

/** The Settings screen's words for a save that failed, the same for each of its forms. */
export const saveFailure = (error: unknown) =>
  failureText(error, { network: NETWORK, fallback: FAILED });
