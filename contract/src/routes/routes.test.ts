import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIVE_TOPICS } from '../live.js';
import { schemas } from '../schemas/index.js';
import { type CallName, isWrite, type RouteMeta, routes } from './index.js';

describe('the route table', () => {
  const entries = Object.entries(routes) as [CallName, RouteMeta][];

  it('says what every write changes, so no change escapes the live streams', () => {
    const silent = entries.filter(([, meta]) => isWrite(meta) && meta.changes === undefined);
    expect(silent.map(([name]) => name)).toEqual([]);
  });

  it('names only topics the live stream knows, and only on writes', () => {
    for (const [name, meta] of entries) {
      for (const topic of meta.changes ?? []) expect(LIVE_TOPICS, name).toContain(topic);
      if (meta.changes?.length) expect(isWrite(meta), name).toBe(true);
    }
  });

  it("declares, for every staff call, what it names of a class's or that it lists (issue 29)", () => {
    // The fields a payload names a student, a class or their things by: a teacher's call with
    // one of them undeclared would reach beyond the teacher's classes.
    const naming =
      /^(user_id|user_ids|class_id|class_session_id|submission_id|answer_id|sending_id|assignment_id|id)$/;
    for (const [name, meta] of entries) {
      if (meta.access !== 'staff') {
        expect(meta.reach, `${name} is no staff call`).toBeUndefined();
        continue;
      }
      const request: z.ZodType = schemas[name as keyof typeof schemas].request;
      const object = request instanceof z.ZodPipe ? request.in : request;
      const shape = object instanceof z.ZodObject ? object.shape : {};
      const fields = Object.keys(shape).filter((f) => naming.test(f));
      expect(
        fields.filter((f) => !(f in (meta.reach ?? {}))),
        name,
      ).toEqual([]);
      expect(
        fields.length > 0 || meta.lists === true || meta.shared === true,
        `${name} names nothing and lists nothing`,
      ).toBe(true);
    }
  });
});
