import { termDaysText, termOn } from '@academy/contract/terms';
import type { FastifyInstance } from 'fastify';
import { deleteTerm, listTerms, saveTerm } from '../../domain/terms.js';
import { handle } from '../../http/call.js';
import { conflict, notFound } from '../../http/errors.js';

/** Everyone's screens may name the current term: every open app hears a term changed. */
const EVERYONE = { admins: true, students: true } as const;

/** The academy's terms (issue 30, point 2; domain/terms.ts). */
export default async function termRoutes(app: FastifyInstance) {
  handle(app, 'listTerms', async ({ db, today }) => {
    const terms = await listTerms(db);
    return { success: true, terms, current_term_id: termOn(terms, today())?.id ?? null };
  });

  handle(app, 'saveTerm', async ({ db, now, input, affects }) => {
    const outcome = await saveTerm(db, input, now());
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound('No such term.');
      throw conflict(outcome.message);
    }
    affects(EVERYONE);
    const days = termDaysText(input);
    return {
      success: true,
      message:
        input.id === undefined
          ? `Term “${input.name}” added (${days}).`
          : `Term “${input.name}” saved (${days}).`,
      id: outcome.saved,
    };
  });

  handle(app, 'deleteTerm', async ({ db, input, affects }) => {
    const name = await deleteTerm(db, input.id);
    if (name === undefined) throw notFound('No such term.');
    affects(EVERYONE);
    return { success: true, message: `Term “${name}” deleted.` };
  });
}
