import type { FastifyRequest } from 'fastify';
import { asClientError } from '../files/uploads.js';
import { badRequest } from './errors.js';

/**
 * Reads the text fields of a multipart form into a plain object, for calls whose
 * multipart payload carries no files. A repeated field becomes a list, which the call's
 * schema then refuses; a file where none is expected is refused outright, and a body that
 * breaks off is a 400.
 */
export async function collectMultipartFields(
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  try {
    return await readFields(request);
  } catch (error) {
    throw asClientError(error, request);
  }
}

async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = Object.create(null);
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw badRequest(`${part.fieldname} must not be a file`);
    }
    const value = part.value;
    const previous = fields[part.fieldname];
    fields[part.fieldname] =
      previous === undefined
        ? value
        : Array.isArray(previous)
          ? [...previous, value]
          : [previous, value];
  }
  return { ...fields };
}
