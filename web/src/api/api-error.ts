/**
 * A call that did not succeed. `serverMessage` is the server's own message when it sent one
 * (screens show it); without one (network down, a proxy's error page) screens show their
 * generic text from the spec.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
  }

  /** True when the request never got an answer (offline, DNS, refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}
