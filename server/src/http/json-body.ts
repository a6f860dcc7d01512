import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The deepest JSON body any call takes is a list of objects (a schedule's sessions): three
 * levels. 32 leaves room for any honest client and none for a body built to be walked.
 */
export const MAX_BODY_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another, read in one
 * pass over the text (brackets inside strings do not count). Invalid JSON is left for the
 * parser to refuse.
 */
export function isNestedBeyond(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), but a body nested deeper
 * than MAX_BODY_DEPTH is refused with a 400 before it is parsed or walked: an anonymous login
 * of 80 kB of `[[[[…` once held every other request for over a minute.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedBeyond(body as string, MAX_BODY_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
