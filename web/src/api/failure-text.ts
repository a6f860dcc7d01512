import { ApiError } from './api-error';

/** The words most screens have for a call that got no answer. */
export const NO_CONNECTION =
  'Could not reach the server. Please check your connection and try again.';

/**
 * A screen's words for its failed calls, from spec section 8. Most screens have three: one for
 * a call that got no answer (the network), the server's own reason when it refused (a 4xx
 * with a message), and one for everything else (a server error, an unreadable answer).
 */
export interface FailureTexts {
  /** No answer came (offline, server unreachable). Without it, the fallback. */
  network?: string;
  /** Put before the server's reason for a refusal: 'Error sending assignment: '. */
  refusalPrefix?: string;
  /** Said for any refusal instead of the server's reason, where the spec has one text for it. */
  refused?: string;
  /** Texts for particular statuses, before anything else (the upload's 401). */
  byStatus?: Partial<Record<number, string>>;
  /** Everything else: a server error, a refusal without a reason, anything not a call. */
  fallback: string;
}

/** The server's own reason when it refused a call (a 4xx with a message); nothing otherwise. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && isRefusal(error)
    ? error.serverMessage || undefined
    : undefined;
}

/** Turns a failed call into what its screen says about it (spec section 8). */
export function failureText(error: unknown, texts: FailureTexts): string {
  if (!(error instanceof ApiError)) return texts.fallback;
  const special = texts.byStatus?.[error.status];
  if (special !== undefined) return special;
  if (error.isNetworkError) return texts.network ?? texts.fallback;
  if (isRefusal(error) && texts.refused !== undefined) return texts.refused;
  const reason = refusalMessage(error);
  return reason === undefined ? texts.fallback : `${texts.refusalPrefix ?? ''}${reason}`;
}

const isRefusal = (error: ApiError) => error.status >= 400 && error.status < 500;

/**
 * A screen's words for a call that fails, ready for where a failure is explained (a QueryView's
 * `error`, a form's `reports`): the texts, or the one text said for every failure but the
 * network's and a refusal's own reason.
 */
export function explainFailure(texts: FailureTexts | string): (error: unknown) => string {
  const given = typeof texts === 'string' ? { fallback: texts } : texts;
  return (error) => failureText(error, given);
}

/** The settings cards' words for what they could not load: "Error loading terms: …". */
export function loadingFailure(what: string): FailureTexts {
  return {
    network: NO_CONNECTION,
    refusalPrefix: `Error loading ${what}: `,
    fallback: `Error loading ${what}. Please try again.`,
  };
}
