import { routes } from '@academy/contract/routes';
import { describe, expect, it } from 'vitest';
import { isKeptRead, keepOnlyKeepable, mayKeep, pruneApiCache, saysNoStore } from './api-cache';

const origin = 'https://academy.example';
const get = (path: string, from = origin) => ({ method: 'GET', url: `${from}${path}` });
const answer = (status: number, cacheControl?: string) =>
  new Response('{}', {
    status,
    headers: cacheControl ? { 'cache-control': cacheControl } : {},
  });

describe('what the offline worker keeps of the API', () => {
  it("takes a student's answers kept for offline use, with any query", () => {
    expect(isKeptRead(get('/api/get_notifications.php?user_id=5'), origin)).toBe(true);
    expect(isKeptRead(get('/api/get_results.php?user_id=5'), origin)).toBe(true);
    expect(isKeptRead(get('/api/get_cards.php?user_id=5'), origin)).toBe(true);
  });

  it("takes a teacher's day and its rolls (issue 49), not the rest of the roll's calls", () => {
    expect(isKeptRead(get('/api/get_teaching_day.php'), origin)).toBe(true);
    expect(isKeptRead(get('/api/get_roll.php?class_session_id=7'), origin)).toBe(true);
    expect(isKeptRead({ method: 'POST', url: `${origin}/api/save_roll.php` }, origin)).toBe(false);
    for (const name of ['getClassAttendance', 'getAttendanceWarnings', 'getClassSessions'] as const)
      expect(isKeptRead(get(`${routes[name].path}?class_id=1`), origin), name).toBe(false);
  });

  it('leaves every download, export, list and setting the issue names to the network', () => {
    for (const name of [
      'getReportCard',
      'getCertificate',
      'getClassReportCards',
      'exportUsers',
      'exportResultSheet',
      'exportResultSheetXlsx',
      'exportClassAttendance',
      'exportAttendanceWarnings',
      'listOutbox',
      'getEmailSettings',
      'getSmsGateway',
      'getSettings',
      'getUsers',
      'events',
    ] as const)
      expect(isKeptRead(get(`${routes[name].path}?x=1`), origin), name).toBe(false);
  });

  it('leaves a call it does not name, a stored file, a write and another origin alone', () => {
    expect(isKeptRead(get('/api/a_call_added_later.php'), origin)).toBe(false);
    expect(isKeptRead(get('/api/files/12?sig=abc'), origin)).toBe(false);
    expect(isKeptRead({ method: 'POST', url: `${origin}/api/get_cards.php` }, origin)).toBe(false);
    expect(isKeptRead(get('/api/get_cards.php', 'https://elsewhere.example'), origin)).toBe(false);
    // A path that only starts like a kept one.
    expect(isKeptRead(get('/api/get_cards.php/../export_users.php'), origin)).toBe(false);
  });

  it('never keeps an answer the server marks no-store, nor anything but a whole success', async () => {
    expect(mayKeep(answer(200, 'private, no-cache'))).toBe(true);
    expect(mayKeep(answer(200))).toBe(true);
    expect(mayKeep(answer(200, 'no-store'))).toBe(false);
    expect(mayKeep(answer(200, 'No-Store, no-transform'))).toBe(false);
    expect(mayKeep(answer(200, 'private,no-store'))).toBe(false);
    expect(mayKeep(answer(404, 'private, no-cache'))).toBe(false);
    expect(mayKeep(answer(500))).toBe(false);
    expect(saysNoStore('no-storey')).toBe(false);
    const kept = answer(200, 'private, no-cache');
    expect(await keepOnlyKeepable.cacheWillUpdate({ response: kept })).toBe(kept);
    expect(await keepOnlyKeepable.cacheWillUpdate({ response: answer(200, 'no-store') })).toBe(
      null,
    );
  });

  it('takes out of the cache, as it starts, whatever an earlier worker kept that it would not', async () => {
    const stored = new Map<string, Response>([
      [`${origin}/api/get_cards.php?user_id=5`, answer(200, 'private, no-cache')],
      [`${origin}/api/get_roll.php?class_session_id=7`, answer(200, 'private, no-cache')],
      // An administrator's roll, answered no-store: never kept.
      [`${origin}/api/get_roll.php?class_session_id=8`, answer(200, 'no-store')],
      // An earlier worker's copies of every GET: no-store, or not a kept call.
      [`${origin}/api/get_results.php?user_id=5`, answer(200, 'no-store')],
      [`${origin}/api/export_users.php`, answer(200, 'no-store')],
      [`${origin}/api/get_email_settings.php`, answer(200)],
    ]);
    const cache = {
      keys: async () => [...stored.keys()].map((url) => new Request(url)),
      match: async (request: Request) => stored.get(request.url),
      delete: async (request: Request) => stored.delete(request.url),
    } as unknown as Cache;
    await pruneApiCache(cache, origin);
    expect([...stored.keys()]).toEqual([
      `${origin}/api/get_cards.php?user_id=5`,
      `${origin}/api/get_roll.php?class_session_id=7`,
    ]);
  });
});
