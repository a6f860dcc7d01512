import { todayOn } from '../lib/dates';
import { useAcademyTimeZone } from './branding';

/**
 * The academy's today ('YYYY-MM-DD' in its time zone), which decides what is overdue (the
 * server counts days the same way). Apart from the statement's query (own-statement.ts): the
 * home asks for the statement on every visit, but reads a date only for a student with money
 * on record (features/home/payments-tile.tsx).
 */
export const useAcademyToday = () => todayOn(useAcademyTimeZone());
