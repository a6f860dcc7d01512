/**
 * What the live parts tell each other: who hears of a change, and which sessions ended. The
 * hub (this instance's streams) and the cluster (every other instance) both speak of them, so
 * they live here rather than in either, which would make the two import each other.
 */

/** Who hears of a change: some users, and or every administrator, every student. */
export interface Audience {
  readonly users?: readonly number[];
  readonly admins?: boolean;
  readonly students?: boolean;
}

/**
 * One token ended, or every token of a user but `keepTokenHash` (the session a user changed
 * their own password from stays signed in, and so does its stream).
 */
export type SessionEnd = { tokenHash: string } | { userId: number; keepTokenHash?: string };
