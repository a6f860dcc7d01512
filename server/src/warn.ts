/**
 * How a part that works beside the requests (a background sender, a lease, the WAL's
 * checkpointer, the live channel) reports a failure it survives: the error, and what it was
 * doing. One shape for all of them, so any of them can be handed the server's log.
 */
export type Warn = (error: unknown, message: string) => void;

/** The part of a pino (or Fastify) logger a warning needs. */
interface WarnLog {
  warn(fields: { err: unknown }, message: string): void;
}

/** Warnings into a log, the error as `err` so pino keeps its stack. */
export const warnTo =
  (log: WarnLog): Warn =>
  (error, message) =>
    log.warn({ err: error }, message);
