import type { z } from 'zod';
import { checkInput } from './validation.js';

/**
 * Reads a hot call's JSON body into its input, for the shortcut in front of Fastify
 * (hot-calls.ts): JSON.parse, then the call's schema checked as Fastify's validator checks it
 * (validation.ts). It declines (undefined) anything Fastify's own reading might treat
 * differently: text JSON.parse refuses, any mention of `__proto__` or `constructor` (Fastify
 * refuses some of those as prototype poisoning), and input the schema refuses. A declined
 * request goes through Fastify, which answers as it always has.
 */
export type BodyReader = (text: string) => Record<string, unknown> | undefined;

export function jsonBodyReader(schema: z.ZodType): BodyReader {
  return (text) => {
    if (text.includes('__proto__') || text.includes('constructor')) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return undefined;
    }
    const checked = checkInput(schema, data);
    return checked.error ? undefined : (checked.value as Record<string, unknown>);
  };
}
