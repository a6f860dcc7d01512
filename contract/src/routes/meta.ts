import type { LiveTopic } from '../live.js';

/**
 * What every call of the API declares, without any runtime validation code, so the web app
 * can import the route table without pulling zod into its first screen.
 */

/**
 * Who may make a call: anyone, any signed-in user (students only for their own things),
 * staff (administrators, and teachers within their classes: issue 29), or administrators.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/**
 * What a payload field of a staff call names, checked against a teacher's classes before the
 * handler runs (server/src/auth/reach.ts): a student, several, a class, one of a
 * class's sessions, a hand-in, a correction, a spoken answer, a question the teacher made,
 * an item the teacher sent to many (a sending), an assignment sent to a student.
 */
export type ReachKind =
  | 'student'
  | 'students'
  | 'class'
  | 'classSession'
  | 'submission'
  | 'correction'
  | 'answer'
  | 'question'
  | 'sending'
  | 'assignment'
  /** A published term result (issue 30): its student must be of the teacher's classes. */
  | 'result'
  /** A quiz the teacher sees (issue 51): made by them, or sent to any of their students. */
  | 'quiz'
  /** A quiz the teacher may change: made by them, every student it went to still theirs. */
  | 'ownQuiz';

/** How the payload travels. GET calls read the query string; POST calls read the body. */
export type Encoding = 'query' | 'json' | 'form' | 'multipart';

/**
 * The spec's error shapes differ by call: most answer `{success: false, message}`, the
 * assignment and correction senders and the all-cards list read `error`, and the schedule
 * calls read `{status: 'error', message}`.
 */
export type ErrorShape = 'message' | 'error' | 'status';

/** What a call accepts as files: checked by content (magic bytes), never by name. */
export type UploadKind = 'document' | 'audio' | 'material' | 'image';

export interface UploadRule {
  /** The multipart field names that carry files. */
  readonly fields: readonly string[];
  readonly maxFiles: number;
  readonly kind: UploadKind;
  /**
   * Fields that take another kind than the call's (a correction's recorded comment is audio
   * among documents), with their own words for a wrong type.
   */
  readonly fieldKinds?: {
    readonly [field: string]: { kind: UploadKind; wrongType: string; maxSeconds?: number };
  };
  /**
   * The longest recording (in seconds) the call's 'audio' fields take, checked as each
   * arrives (server/src/files/recordings.ts). A call whose limit depends on its data (a
   * speaking answer: its question's) leaves it out and checks in its handler.
   */
  readonly maxSeconds?: number;
  /** The spec's words for the refusals of this call. */
  readonly messages: {
    readonly tooMany: string;
    readonly tooLarge: string;
    readonly wrongType: string;
  };
}

export interface RouteMeta {
  readonly method: 'GET' | 'POST';
  readonly path: `/api/${string}`;
  readonly access: Access;
  readonly encoding: Encoding;
  readonly errorShape?: ErrorShape;
  /** A POST that only reads (the spec sends some reads as POST): not a change, never audited. */
  readonly readsOnly?: true;
  /** A call about the caller's own session (logout, their password): never made for a student. */
  readonly ownSession?: true;
  /** Answers a stream of server-sent events (contract/src/live.ts), not one JSON answer. */
  readonly stream?: true;
  /**
   * Answers a file of this kind (a PDF or a spreadsheet made on the server), not JSON; a
   * refusal or an error is JSON as every call's is (issue 30).
   */
  readonly file?: FileKind;
  /**
   * What a successful call changes, told to the live streams of those it concerns (the
   * student it names and the administrators, unless its handler says otherwise). Every
   * write declares it, if only as none.
   */
  readonly changes?: readonly LiveTopic[];
  /**
   * A staff call's payload fields that name something of a class's (issue 29): a teacher
   * naming anything outside their classes is refused before the handler runs, as if it did not
   * exist. A field absent from the payload is not checked; a call whose answer is a list
   * narrows it to the teacher's classes in its handler (`lists`).
   */
  readonly reach?: { readonly [field: string]: ReachKind };
  /** A staff call that answers a list, narrowed by its handler to a teacher's students. */
  readonly lists?: true;
  /**
   * A staff call on what the academy shares rather than a class's (issue 51: the question
   * bank): every teacher may make it and it names nothing a teacher's classes bound (no
   * `reach`); a handler that changes something checks the teacher wrote it.
   */
  readonly shared?: true;
  /**
   * A student's write that a teacher may also make for one of their students (a teacher's
   * card in a student's box). A teacher's other writes as a student are refused.
   */
  readonly teacherWrites?: true;
}

/** The files a call may answer (FILE_TYPES in the contract's constants say their MIME types). */
export type FileKind = 'pdf' | 'xlsx';

/** Whether a call changes something. */
export const isWrite = (meta: RouteMeta): boolean => meta.method === 'POST' && !meta.readsOnly;

/** Keeps the literal types of a domain's route table while checking it against RouteMeta. */
export function defineRoutes<const T extends Record<string, RouteMeta>>(routes: T): T {
  return routes;
}
