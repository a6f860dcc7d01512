import { explainFailure, NO_CONNECTION } from './failure-text';

const FAILED = 'Failed to save the settings. Please try again.';

/** The Settings screen's words for a save that failed, the same for each of its forms. */
export const saveFailure = explainFailure({ network: NO_CONNECTION, fallback: FAILED });
