import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldName, HttpError, ValidationError } from './errors.js';

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/**
 * Zod's default messages name types, not fields. These read as the end of a sentence that
 * starts with the field's name ("username is required"); the error handler adds the name.
 */
function messageFor(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'must not be empty'
          : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} entries`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} entries`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'must be an e-mail address'
        : `must be a valid ${issue.format}`;
    case 'invalid_union':
      return 'has a value of the wrong kind';
    default:
      return undefined;
  }
}

/** NUL, which PostgreSQL text cannot hold and no one types. */
const NUL = '\u0000';

/**
 * Where a payload holds text no one can have meant: a NUL character, or a lone half of a
 * surrogate pair (half an emoji, which SQLite would store as invalid UTF-8). Every string at
 * every depth is looked at, keys included; the answer is the path of the first, or undefined.
 * A key names its object (the key itself is the bad text, not something to echo back).
 *
 * Linear in the size of the payload at any depth: each value waiting to be looked at links to
 * its parent, and only the one path found is written out (a copy of the path per value cost
 * the square of the depth, and a deeply nested body held the server for minutes).
 */
export function findHiddenCharacter(value: unknown): (string | number)[] | undefined {
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const item = next.value;
    if (typeof item === 'string') {
      if (isHidden(item)) return pathTo(next);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1)
        pending.push({ value: item[i], key: i, parent: next });
      continue;
    }
    const keys = Object.keys(item);
    if (keys.some(isHidden)) return pathTo(next);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i] as string;
      pending.push({ value: (item as Record<string, unknown>)[key], key, parent: next });
    }
  }
  return undefined;
}

/** A value on its way through findHiddenCharacter: where it sits in its parent. */
interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathTo(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

const isHidden = (text: string) => text.includes(NUL) || !text.isWellFormed();

/** The 400 for hidden text, naming where it is. */
function hiddenCharacterError(path: (string | number)[]): HttpError {
  const field = path.length > 0 ? fieldName(path) : 'The request';
  return new HttpError(
    400,
    `${field} must not contain NUL characters or broken ones (half of an emoji).`,
  );
}

let configured = false;

/** Request validation and response serialisation through the contract's zod schemas. */
export function installZodCompilers(app: FastifyInstance): void {
  if (!configured) {
    z.config({ customError: messageFor });
    configured = true;
  }
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => checkInput(zodSchema, data);
  });
  // Responses are written by fast-json-stringify from the response schema's JSON Schema: only
  // the contract's fields leave (a password hash on a row is dropped), and it is several
  // times faster than JSON.stringify over a zod parse, which matters for the polling calls.
  // The access matrix test parses every answer with the zod schema, so drift still fails.
  app.setSerializerCompiler(({ schema }) => compileSerializer(schema as z.ZodType));
}

/**
 * A call's input checked against its request schema, as Fastify's validator checks it: the
 * parsed value, or the error the error handler answers.
 */
export function checkInput(
  schema: z.ZodType,
  data: unknown,
): { value: unknown; error?: undefined } | { error: HttpError | ValidationError } {
  // Before the schema, so nothing hidden reaches a refinement; and after it, because a
  // schema may parse text into more (file_links is JSON inside a form field).
  const raw = findHiddenCharacter(data);
  if (raw) return { error: hiddenCharacterError(raw) };
  const result = schema.safeParse(data ?? {});
  if (!result.success) return { error: new ValidationError(result.error.issues) };
  const parsed = findHiddenCharacter(result.data);
  if (parsed) return { error: hiddenCharacterError(parsed) };
  return { value: result.data };
}

/**
 * Each response schema's writer, once per process. Building them is nearly all of an app's
 * start (about 200 ms for the route table); a schema is a constant of the contract and its
 * writer a pure function of it, so every app in a process shares it: the test suites build an
 * app per case (bench/README.md, "Where CI's time goes").
 */
const serializers = new WeakMap<z.ZodType, (answer: unknown) => string>();

/** Writes a call's answer as JSON: only the fields its response schema names, in its order. */
export function compileSerializer(schema: z.ZodType): (answer: unknown) => string {
  const known = serializers.get(schema);
  if (known) return known;
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-7',
  });
  const serializer = fastJson(json as Parameters<typeof fastJson>[0]);
  serializers.set(schema, serializer);
  return serializer;
}
