import type { FilePart } from '../test-support/harness.js';
import type { World } from '../test-support/world.js';

/**
 * One call's case in the access matrix (cases.ts holds them all; a domain's may sit in its own
 * file, as quiz-cases.ts, which imports this type from here rather than from cases.ts, so that
 * cases.ts importing them back is no cycle).
 */
export type Payload = Record<string, unknown>;

export interface AccessCase {
  /** A payload naming student A and A's things (valid, so only access decides). */
  payload: (w: World) => Payload;
  /** Files for upload calls. */
  files?: () => Record<string, FilePart | FilePart[]>;
  /**
   * The call names nobody's things (logout, activity, a password change): student B calling it
   * acts on B, so B may succeed.
   */
  selfOnly?: boolean;
  /**
   * The call names a student's record by its id, and A's teacher may read it as A's page does
   * (a report card): admitted for A's teacher, refused for the others (issue 30).
   */
  teacherReads?: boolean;
  /**
   * The call uses up what it names (a password link, issue 31): the first caller admitted (the
   * anonymous one) must succeed; the later ones are admitted and told it is used.
   */
  usedOnce?: boolean;
  /**
   * Student B sends this payload with their own user_id. Calls that name A's records by id
   * (a card, an assignment) must refuse it; every other call may answer, with B's things only.
   */
  othersRecord?: boolean;
  /**
   * A `shared` call (the question bank) that changes what its payload names: only the one who
   * wrote it (A's teacher) or an administrator may; any other teacher is refused (403).
   */
  authorOnly?: true;
  /**
   * The payload names B's record, not A's (a payment's receipt: A keeps no money, so deleting A
   * stays a test of deletion): the matrix checks it with A and B, and their teachers, traded.
   */
  ofB?: true;
}
