import type { PaymentMethod } from '@academy/contract/tuition/limits';
import { METHOD_WORDS } from './statement';

/** The methods money comes in or goes back by, as a select's options (the desk, a refund). */
export function MethodOptions() {
  return (Object.keys(METHOD_WORDS) as PaymentMethod[]).map((m) => (
    <option key={m} value={m}>
      {METHOD_WORDS[m]}
    </option>
  ));
}
