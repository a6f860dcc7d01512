import { formatTimestamp } from '../db/time.js';

/** The names files are downloaded under: attendance-b1-evening-2026-11-22.csv. */

/** A day as a file name carries it: 2026-11-22. */
export const dayOf = (ms: number) => formatTimestamp(ms).slice(0, 10);

/** A name as part of a file name: letters and digits, dashes between ('class' when none is left). */
export const fileWord = (name: string, fallback = 'class') =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || fallback;
