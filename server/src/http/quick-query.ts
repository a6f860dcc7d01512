import { Id, MAX_ID } from '@academy/contract';
import type { z } from 'zod';

/**
 * Reads a polling call's query string straight into its input, for the shortcut in front of
 * Fastify (hot-calls.ts). Zod's check of an id sent as text (a union, a pattern, a transform
 * and a pipe) cost more under load than the query behind the poll; these queries hold
 * nothing but ids and choices from a list, which are quick to check by hand.
 *
 * Built from the call's own schema, and only where every field is one it knows (an Id, or an
 * optional enum); otherwise there is no quick reader and the shortcut uses the schema itself.
 * A quick reader may decline anything (the request then goes through Fastify and zod), but
 * what it accepts it reads exactly as zod would: quick-query.test.ts holds it to that.
 */
export type QueryReader = (search: string) => Record<string, unknown> | undefined;

/** A query string the shortcut reads for itself: plain names and values, nothing encoded. */
const PLAIN_QUERY = /^[A-Za-z0-9_]+=[A-Za-z0-9_.-]*(?:&[A-Za-z0-9_]+=[A-Za-z0-9_.-]*)*$/;
/** An id as digits, without the leading zeros zod would also take (those go the long way). */
const ID_TEXT = /^[1-9]\d{0,9}$/;

type FieldReader = (text: string | undefined) => { value: unknown } | undefined;

/** The query string as an object, if it is plain `name=value` pairs with no name twice. */
export function plainQuery(search: string): Record<string, string> | undefined {
  if (!PLAIN_QUERY.test(search)) return undefined;
  // No prototype: a name such as __proto__ is just a name.
  const query: Record<string, string> = Object.create(null);
  // The pattern has checked the shape: every pair has one '='. Read without splitting.
  let start = 0;
  while (start < search.length) {
    const equals = search.indexOf('=', start);
    const amp = search.indexOf('&', equals);
    const end = amp < 0 ? search.length : amp;
    const name = search.slice(start, equals);
    if (name in query) return undefined;
    query[name] = search.slice(equals + 1, end);
    start = end + 1;
  }
  return query;
}

/** How the shortcut reads a call's query: quickly where it can, with the schema otherwise. */
export function queryReader(schema: z.ZodType): QueryReader {
  return (
    quickQueryReader(schema) ??
    ((search) => {
      const query = plainQuery(search);
      const parsed = query ? schema.safeParse(query) : undefined;
      return parsed?.success ? (parsed.data as Record<string, unknown>) : undefined;
    })
  );
}

/** A quick reader for the schema, or undefined when it has a field this does not know. */
export function quickQueryReader(schema: z.ZodType): QueryReader | undefined {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    catchall?: unknown;
  };
  // Only plain objects: they drop names they do not know, as the reader does.
  if (def.type !== 'object' || !def.shape || def.catchall !== undefined) return undefined;
  const fields: [string, FieldReader][] = [];
  for (const [name, field] of Object.entries(def.shape)) {
    const reader = fieldReader(field);
    if (!reader) return undefined;
    fields.push([name, reader]);
  }
  return (search) => {
    const query = plainQuery(search);
    if (!query) return undefined;
    const input: Record<string, unknown> = {};
    for (const [name, read] of fields) {
      const result = read(query[name]);
      if (!result) return undefined;
      if (result.value !== undefined) input[name] = result.value;
    }
    return input;
  };
}

function fieldReader(field: z.ZodType): FieldReader | undefined {
  if (field === Id)
    return (text) => {
      if (text === undefined || !ID_TEXT.test(text)) return undefined;
      const id = Number(text);
      return id <= MAX_ID ? { value: id } : undefined;
    };
  const def = field._zod.def as { type: string; innerType?: z.ZodType };
  const inner = def.innerType?._zod.def as { type: string; entries?: Record<string, unknown> };
  if (def.type === 'optional' && inner?.type === 'enum' && inner.entries) {
    const choices = new Set(Object.values(inner.entries).filter((v) => typeof v === 'string'));
    return (text) =>
      text === undefined ? { value: undefined } : choices.has(text) ? { value: text } : undefined;
  }
  return undefined;
}
