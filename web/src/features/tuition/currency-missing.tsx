import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { Message } from '../../ui';

/** Money waits for the academy's currency (the server answers 409 until it is set). */
export function CurrencyMissing() {
  return (
    <Message tone="info">
      The academy’s currency is not set yet, so no payment can be recorded. Set its code, name and
      decimals on <Link to={paths.settings}>Settings</Link> first.
    </Message>
  );
}
