import { AUDIT_PAGE_SIZE } from '@academy/contract';
import type { Db } from '../../db/index.js';
import { formatTimestamp } from '../../db/time.js';

/** Payload keys never written to the log. */
const SECRET_KEYS = /password|token|secret/i;
const MAX_DETAILS = 2_000;

/** The payload as the log keeps it: secrets replaced, files by name, cut to a readable size. */
export function describePayload(payload: unknown): string {
  const json = JSON.stringify(payload ?? {}, (key, value: unknown) => {
    if (key && SECRET_KEYS.test(key)) return '[hidden]';
    if (Buffer.isBuffer(value)) return '[file]';
    return value;
  });
  return json.length > MAX_DETAILS ? `${json.slice(0, MAX_DETAILS - 1)}…` : json;
}

export async function recordAdminAction(
  db: Db,
  entry: {
    actorId: number;
    actorName: string;
    action: string;
    targetUserId: number | null;
    payload: unknown;
    at: number;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      action: entry.action,
      target_user_id: entry.targetUserId,
      details: describePayload(entry.payload),
      created_at: entry.at,
    })
    .execute();
}

/** Newest first, a page at a time (keyset paging on id, so deep pages stay cheap). */
export async function listAuditEntries(db: Db, options: { beforeId?: number; action?: string }) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.target_user_id')
    .select([
      'a.id',
      'a.actor_name',
      'a.action',
      'a.target_user_id',
      'u.name as target_user_name',
      'a.details',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1);
  if (options.beforeId) query = query.where('a.id', '<', options.beforeId);
  if (options.action) query = query.where('a.action', '=', options.action);
  const rows = await query.execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((r) => ({ ...r, created_at: formatTimestamp(r.created_at) })),
    nextBeforeId: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
