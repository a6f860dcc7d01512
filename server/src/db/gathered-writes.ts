import { inSlices } from './lists.js';

/** How long ids gather before they are written, unless `flush` comes first. */
const GATHER_MS = 250;

/**
 * Ids gathered for one kind of write (the outbox's rows sent, the devices a push reached),
 * written together by one statement a slice at most every GATHER_MS, and whenever `flush` is
 * called. A sender recording each of 200 letters a second on its own would take SQLite's one
 * connection 200 times a second from the requests waiting on it (bench/README.md, "A message
 * to every student"); together it takes it four times.
 *
 * Nothing is lost by waiting that a kill would not lose anyway: an outbox row not yet marked
 * sent is still 'sending', and goes again with the same key after a take-over.
 */
export class GatheredWrites {
  private ids: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (ids: number[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(ids: readonly number[]): void {
    this.ids.push(...ids);
    this.timer ??= setTimeout(() => void this.flush(), GATHER_MS).unref();
  }

  /** Writes what has gathered; resolves when every write so far has ended. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.ids;
    this.ids = [];
    if (ids.length > 0)
      this.writing = this.writing.then(async () => {
        try {
          for (const slice of inSlices(ids)) await this.write(slice);
        } catch (error) {
          this.onError(error);
        }
      });
    return this.writing;
  }
}
