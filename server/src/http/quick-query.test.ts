import { MAX_ID, schemas } from '@academy/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quickQueryReader } from './quick-query.js';

const polls = ['getCardsToReview', 'getUnreadAssignments', 'getNotifications'] as const;

/** What Fastify hands zod for a query string. */
const asFastifyReads = (search: string) => Object.fromEntries(new URLSearchParams(search));

/** Query strings made of the pieces that matter: the fields' names, ids near the edges, noise. */
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('user_id', 'only_unread', 'page', '__proto__', 'User_id', ''),
      fc.oneof(
        fc.integer({ min: -2, max: 5 }).map(String),
        fc.constantFrom(
          String(MAX_ID),
          String(MAX_ID + 1),
          '99999999999',
          '0',
          '007',
          '1.5',
          '1e3',
          '',
          'abc',
          '%31',
          '+1',
          ' 1',
        ),
        fc.integer({ min: 1, max: MAX_ID }).map(String),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));

describe('quick query readers', () => {
  it('exist for every polling call', () => {
    for (const name of polls) expect(quickQueryReader(schemas[name].request), name).toBeDefined();
  });

  it('read what they accept exactly as the schema does, for any query string', () => {
    for (const name of polls) {
      const schema = schemas[name].request;
      const read = quickQueryReader(schema);
      fc.assert(
        fc.property(query, (search) => {
          const quick = read?.(search);
          if (quick === undefined) return;
          const parsed = schema.safeParse(asFastifyReads(search));
          expect(parsed.success, search).toBe(true);
          expect(quick, search).toEqual(parsed.data);
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('accept the queries browsers send', () => {
    const read = quickQueryReader(schemas.getNotifications.request);
    expect(read?.('user_id=42&only_unread=1')).toEqual({ user_id: 42, only_unread: '1' });
    expect(read?.('user_id=42')).toEqual({ user_id: 42 });
    expect(read?.(`user_id=${MAX_ID}&page=3`)).toEqual({ user_id: MAX_ID });
    // Declined, for zod to judge: not plain, out of range, or not a choice.
    for (const search of [
      'user_id=%34%32',
      'user_id=0',
      `user_id=${MAX_ID + 1}`,
      'only_unread=1',
    ]) {
      expect(read?.(search), search).toBeUndefined();
    }
    expect(read?.('user_id=42&only_unread=2')).toBeUndefined();
  });

  it('are not made for schemas with fields they do not know', () => {
    expect(quickQueryReader(z.object({ user_id: z.string() }))).toBeUndefined();
    expect(quickQueryReader(z.strictObject({}))).toBeUndefined();
    expect(quickQueryReader(z.string())).toBeUndefined();
  });
});
