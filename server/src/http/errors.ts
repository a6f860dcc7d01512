import type { ErrorShape } from '@academy/contract/routes';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error a handler throws on purpose: its status and message go to the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 429 that says in its message how long to wait, and in Retry-After (whole seconds, rounded up). */
export const tooManyRequests = (message: string, waitMs: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });

/** A payload that did not match its call's schema. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(describeIssues(issues));
  }
}

/**
 * One sentence for the caller. Messages written in the contract are complete sentences
 * ('Please fill in all fields') and stand alone; the generic ones start in lower case
 * ('must be text') and get the field's name in front.
 */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid.';
  const field = fieldName(issue.path);
  const first = issue.message.charAt(0);
  if (first !== first.toLowerCase()) return issue.message;
  return field ? `${field} ${issue.message}` : `The request ${issue.message}`;
}

/**
 * A field as a message names it: `schedule[1].session_time`. Names past 60 characters are
 * cut, since an unknown field's name is whatever the client sent.
 */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => {
      if (typeof part === 'number') return `[${part}]`;
      const name = String(part);
      const short = name.length > 60 ? `${name.slice(0, 60)}…` : name;
      return i === 0 ? short : `.${short}`;
    })
    .join('');
}

/** The spec's error shapes: `{success:false, message}`, plus `error` or `status` where a call reads those. */
export function errorBody(shape: ErrorShape, message: string) {
  switch (shape) {
    case 'error':
      return { success: false, error: message, message };
    case 'status':
      return { status: 'error', success: false, message };
    default:
      return { success: false, message };
  }
}

/** Readable messages for the framework's own 4xx errors (bad JSON, huge bodies, wrong type). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is wrong.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_REQ_FILE_TOO_LARGE: 'A file is larger than 5 MB.',
  FST_PROTO_VIOLATION: 'The request body is not valid.',
  FST_ERR_CTP_INVALID_TYPE: 'The content type is not valid.',
};

const statusMessages: Record<number, string> = {
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request is too large.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests. Please try again later.',
};

/**
 * Every error leaves as the spec's shape with an honest status. Bad input is a 4xx with a
 * message naming the problem; anything unexpected is logged and answered with a plain 500,
 * never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
    const shape = request.routeOptions.config?.errorShape ?? 'message';
    const status = error.statusCode ?? 500;
    // A refusal thrown on purpose keeps its status, a 503 'not now' included.
    if ((status >= 400 && status < 500) || error instanceof HttpError) {
      const code = 'code' in error ? error.code : undefined;
      const message =
        error instanceof HttpError || error instanceof ValidationError
          ? error.message
          : ((code && frameworkMessages[code]) ??
            statusMessages[status] ??
            'The request is not valid.');
      if (status === 413 || status === 415 || status === 400) {
        request.log.info({ code, status }, message);
      }
      if (error instanceof HttpError) reply.headers(error.headers);
      return reply.status(status).send(errorBody(shape, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody(shape, 'Something went wrong on our side. Please try again.'));
  });
}
