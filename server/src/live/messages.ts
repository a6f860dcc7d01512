/**
 * What the live parts tell each other: who hears of a change, and which sessions ended. The
 * hub (this instance's streams) and the cluster (every other instance) both speak of them, so
 * they live here rather than in either, which would make the two import each other.
 */

/**
 * Who hears of a change: some users, and or every staff member (administrators and teachers),
 * every administrator only, every student.
 */
export interface Audience {
  readonly users?: readonly number[];
  /** Every administrator and every teacher: both hear staff topics. */
  readonly admins?: boolean;
  /**
   * Every administrator, and no teacher but those in `users`: a change of one class's (a typed
   * score) that would otherwise make every teacher's open screen read again.
   */
  readonly administrators?: boolean;
  /**
   * The staff of these students: every administrator and the students' teachers, not the
   * students themselves (a change on a student's page, which only staff see). Live resolves it
   * into `users` and `administrators` before telling anyone (issue 48, point 8).
   */
  readonly staffOf?: readonly number[];
  readonly students?: boolean;
}

/**
 * One token ended, or every token of a user but `keepTokenHash` (the session a user changed
 * their own password from stays signed in, and so does its stream).
 */
export type SessionEnd = { tokenHash: string } | { userId: number; keepTokenHash?: string };

/**
 * Where a change came from: the stream a write named as its tab's (LIVE_STREAM_HEADER), and
 * the session (token) that wrote. That tab has put the change on its own screens already, so
 * its stream is not told, on whichever instance or process it is held; it is skipped only if it is that session's own (a name sent by
 * anyone else excludes nothing).
 */
export interface Origin {
  readonly stream: string;
  readonly tokenHash: string;
}
