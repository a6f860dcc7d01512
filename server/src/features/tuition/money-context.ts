import type { Currency } from '@academy/contract/tuition/money';
import type { Caller } from '../../auth/caller.js';
import type { AppDeps } from '../../http/call.js';
import { conflict } from '../../http/errors.js';

/**
 * What every money call of the feature asks the same way (issue 52): the academy's currency
 * (money waits until it is set), who wrote a row, and who hears of a change.
 */

/** The academy's currency, which every amount is in; money waits until it is set. */
export function currencyOf(deps: Pick<AppDeps, 'settings'>): Currency {
  const currency = deps.settings.current.currency;
  if (!currency)
    throw conflict('Please set the academy’s currency on Settings first (code, name, decimals).');
  return currency;
}

/** Who wrote a row, by id and name (kept on the row: the books outlive accounts). */
export const byOf = (caller: Caller) => ({ id: caller.id, name: caller.name });

/** Who hears of a money change: the administrators and the payers it concerns, no teacher. */
export const moneyAudience = (payers: readonly number[]) => ({
  users: payers,
  administrators: true,
});
