import { MESSAGE_KIND_WORDS, MESSAGE_KINDS, type MessageKind } from '@academy/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import { guardianEmailOff } from '../../domain/audience.js';
import { handle } from '../../http/call.js';
import { badRequest, notFound } from '../../http/errors.js';
import { choicesOfPerson, saveChoices } from '../messages/outbox-data.js';
import { escapeHtml } from './email-words.js';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  type UnsubscribeTarget,
} from './unsubscribe-token.js';

/**
 * One-click unsubscribe (issue 49, point 18; RFC 8058). The address in an e-mail's
 * `List-Unsubscribe` header: a POST with `List-Unsubscribe=One-Click` turns the kinds its
 * signed token names off by e-mail for its reader, without signing in (the token is the
 * permission, as a calendar address's is); a GET, which mail scanners follow on their own, only
 * shows a page whose button sends that POST.
 */

export const BAD_LINK =
  'This unsubscribe link is not complete or was changed. Open it again from the e-mail, or copy the whole link.';
const ONE_CLICK = 'One-Click';

/**
 * Turns the kinds off by e-mail: in the person's own choices (the Messages screen shows them
 * off, and they may turn them on again), or for that one guardian. Whether the reader exists.
 */
export async function unsubscribe(
  db: Db,
  target: UnsubscribeTarget,
  now: number,
): Promise<'done' | 'no-person' | 'no-guardian'> {
  if (target.guardianId !== null) {
    const guardian = await db
      .selectFrom('guardians')
      .select(['id', 'email_off'])
      .where('id', '=', target.guardianId)
      .where('student_id', '=', target.userId)
      .executeTakeFirst();
    if (!guardian) return 'no-guardian';
    const off = new Set([...guardianEmailOff(guardian.email_off), ...target.kinds]);
    await db
      .updateTable('guardians')
      .set({ email_off: JSON.stringify(MESSAGE_KINDS.filter((k) => off.has(k))) })
      .where('id', '=', guardian.id)
      .execute();
    return 'done';
  }
  const person = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', target.userId)
    .executeTakeFirst();
  if (!person) return 'no-person';
  const choices = await choicesOfPerson(db, target.userId);
  for (const kind of target.kinds) choices.kinds[kind] = { ...choices.kinds[kind], email: 'off' };
  await saveChoices(db, target.userId, choices, now);
  return 'done';
}

const kindList = (kinds: MessageKind[]) => kinds.map((k) => MESSAGE_KIND_WORDS[k]).join(', ');

/** The words once it is done. */
function doneWords(target: UnsubscribeTarget): string {
  const kinds = kindList(target.kinds);
  return target.guardianId === null
    ? `Done: no more e-mails of this kind (${kinds}). You can turn them on again on Messages in the app.`
    : `Done: no more e-mails of this kind (${kinds}) will be sent to you.`;
}

export default async function unsubscribeRoutes(app: FastifyInstance) {
  const targetOf = (token: unknown) =>
    typeof token === 'string' ? readUnsubscribeToken(app.deps.signingSecret, token) : null;

  handle(app, 'unsubscribe', async ({ db, input, now, request, reply }) => {
    const token = input.token ?? (request.query as { token?: unknown }).token;
    if (input['List-Unsubscribe'] !== ONE_CLICK)
      throw badRequest('To unsubscribe, send List-Unsubscribe=One-Click (RFC 8058).');
    const target = targetOf(token);
    if (!target) throw badRequest(BAD_LINK);
    const outcome = await unsubscribe(db, target, now());
    if (outcome === 'no-person') throw notFound('The account this link was for no longer exists.');
    if (outcome === 'no-guardian')
      throw notFound(
        "This guardian is no longer on the academy's list, so no e-mails go to them any more.",
      );
    const message = doneWords(target);
    // The page's button (a browser's form) is answered with a page; a mail program with JSON.
    if (wantsPage(request)) return answerPage(reply, 200, 'E-mails turned off', message) as never;
    return { success: true as const, message };
  });

  /** The page a GET shows: which e-mails, and a button. A GET never unsubscribes. */
  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const target = targetOf(token);
    if (!target) return answerPage(reply, 400, 'Link not valid', BAD_LINK);
    const academy = app.deps.settings.current.academyName;
    const form = `<form method="post" action="${UNSUBSCRIBE_PATH}"><input type="hidden" name="token" value="${escapeHtml(String(token))}"><input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}"><button type="submit" style="font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#3730a3;color:#fff;cursor:pointer">Stop these e-mails</button></form>`;
    return answerPage(
      reply,
      200,
      'Stop these e-mails?',
      `Stop e-mails from ${academy} of this kind: ${kindList(target.kinds)}?`,
      form,
    );
  });
}

const wantsPage = (request: FastifyRequest) =>
  /^text\/html/.test(String(request.headers.accept ?? ''));

/** A small page of its own (no app, no sign-in): a heading, a sentence, and perhaps a form. */
function answerPage(
  reply: FastifyReply,
  status: number,
  title: string,
  words: string,
  extra = '',
): string {
  reply.code(status).header('content-type', 'text/html; charset=utf-8');
  if (status >= 400) reply.header('cache-control', 'no-store');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px 16px"><h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(words)}</p>${extra}</body></html>`;
}
