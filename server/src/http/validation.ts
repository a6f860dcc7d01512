import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, ValidationError } from './errors.js';

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

/** Whether any string in a payload holds a NUL character (PostgreSQL text cannot store one). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
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
 * A call's input checked against its request schema, as Fastify's validator checks it (the
 * shortcut for the polling calls checks a JSON body with it too): the parsed value, or the
 * error the error handler answers.
 */
export function checkInput(
  schema: z.ZodType,
  data: unknown,
): { value: unknown; error?: undefined } | { error: HttpError | ValidationError } {
  if (hasNul(data)) return { error: new HttpError(400, 'Text must not contain NUL characters.') };
  const result = schema.safeParse(data ?? {});
  return result.success
    ? { value: result.data }
    : { error: new ValidationError(result.error.issues) };
}

/** Writes a call's answer as JSON: only the fields its response schema names, in its order. */
export function compileSerializer(schema: z.ZodType): (answer: unknown) => string {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-7',
  });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}
