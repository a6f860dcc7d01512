import type { CallResponse } from '@academy/contract';
import type { Mark } from '@academy/contract/roll-rules';
import { call } from '../../api/client';
import type { KeptChange } from '../../api/kept-changes';

/** A whole roll: every student's mark (the save call's payload, as the screen sends it). */
export interface RollPayload {
  class_session_id: number;
  marks: { user_id: number; mark: Mark; note: string }[];
}

/**
 * A roll waits for the network like a flashcard answer (api/kept-changes.ts): a teacher in a
 * classroom with no signal saves it, and it is sent when the phone is back online, after a
 * reload too. Sending it twice changes nothing (the server saves the roll whole), so a retry
 * can neither lose nor double a mark.
 */
export const rollSaves: KeptChange<RollPayload, CallResponse<'saveRoll'>> = {
  key: ['roll', 'save'],
  scope: { id: 'rolls' },
  send: (payload) => call('saveRoll', payload),
};
