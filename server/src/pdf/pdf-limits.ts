/**
 * How many PDFs may be on their way at once (issue 48, point 2): at most `perUser` of one
 * person's, and `total` in all, drawn or waiting for a thread. Past either the caller answers
 * 429: a student's browser asking for the same report card 40 times must not fill the queue
 * that the rest of the class waits in, and a queue without end only makes every answer late
 * (a proxy gives up on a request after a minute or so, while its PDF would still be drawn).
 * Pure counting, per process, like the threads it guards.
 */
export class PdfLimits {
  private readonly byUser = new Map<number, number>();
  private count = 0;

  constructor(
    readonly perUser: number,
    readonly total: number,
  ) {}

  /** PDFs on their way now, in all. */
  get inFlight(): number {
    return this.count;
  }

  /**
   * Takes a place for a PDF of `userId`'s: a function that gives it back (once, however often
   * it is called), or null when either limit is reached.
   */
  enter(userId: number): (() => void) | null {
    const own = this.byUser.get(userId) ?? 0;
    if (own >= this.perUser || this.count >= this.total) return null;
    this.byUser.set(userId, own + 1);
    this.count += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.count -= 1;
      const now = (this.byUser.get(userId) ?? 1) - 1;
      if (now === 0) this.byUser.delete(userId);
      else this.byUser.set(userId, now);
    };
  }
}
