import { withoutHidden } from '@academy/contract';
import { ADJUSTMENT_REASON_MAX, readScore } from '@academy/contract/results';
import type { Term } from '@academy/contract/terms';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { holdScheme, readScheme } from './scheme-data.js';
import { readSheet, type SheetContext } from './sheet-data.js';

/**
 * What a teacher writes on a sheet (issue 30, point 4; issue 49, point 9): typed scores, and a
 * component excused or overridden for a student.
 */

export interface ScoreInput {
  student_id: number;
  component_key: string;
  score: string;
}

export type ScoresSave = { saved: number[] } | { refused: string };

/**
 * Saves typed scores (a cell, or a pasted column) all or none: each must name a member of the
 * class and a typed component of its scheme, and read as a score; '' clears a cell.
 */
export async function saveScores(
  db: Db,
  place: { classId: number; termId: number },
  scores: readonly ScoreInput[],
  by: { userId: number; now: number },
): Promise<ScoresSave> {
  // The scheme is read, the scores checked against it and written in one transaction, with
  // the scheme held (scheme-data.ts holdScheme).
  return db.transaction().execute(async (trx): Promise<ScoresSave> => {
    await holdScheme(trx, place.classId);
    const { components } = await readScheme(trx, place.classId);
    const byKey = new Map(components.map((c) => [c.key, c]));
    const studentIds = [...new Set(scores.map((s) => s.student_id))];
    const members = new Set<number>();
    for (const slice of inSlices(studentIds)) {
      const rows = await trx
        .selectFrom('class_students')
        .select('user_id')
        .where('class_id', '=', place.classId)
        .where('user_id', 'in', slice)
        .execute();
      for (const row of rows) members.add(row.user_id);
    }
    const writes: { userId: number; key: string; score: number | null }[] = [];
    for (const entry of scores) {
      const component = byKey.get(entry.component_key);
      if (!component) return { refused: 'That component is not on this class’s sheet.' };
      if (component.source !== 'typed')
        return { refused: `“${component.name}” is computed by the app; it cannot be typed.` };
      if (!members.has(entry.student_id))
        return { refused: 'A student of these scores is not in this class.' };
      const read = readScore(entry.score);
      if ('problem' in read) return { refused: `${component.name}: ${read.problem}` };
      writes.push({ userId: entry.student_id, key: component.key, score: read.score });
    }
    for (const write of writes) {
      const cell = trx
        .deleteFrom('result_scores')
        .where('term_id', '=', place.termId)
        .where('class_id', '=', place.classId)
        .where('user_id', '=', write.userId)
        .where('component_key', '=', write.key);
      if (write.score === null) {
        await cell.execute();
        continue;
      }
      await trx
        .insertInto('result_scores')
        .values({
          term_id: place.termId,
          class_id: place.classId,
          user_id: write.userId,
          component_key: write.key,
          hundredths: write.score,
          updated_at: by.now,
          updated_by: by.userId,
        })
        .onConflict((oc) =>
          oc.columns(['term_id', 'class_id', 'user_id', 'component_key']).doUpdateSet({
            hundredths: write.score ?? 0,
            updated_at: by.now,
            updated_by: by.userId,
          }),
        )
        .execute();
    }
    return { saved: studentIds };
  });
}

export interface AdjustmentInput {
  student_id: number;
  component_key: string;
  /** 'none' takes an excuse or override away. */
  kind: 'excused' | 'override' | 'none';
  /** An override's score as typed (readScore). */
  score?: string | undefined;
  reason?: string | undefined;
}

/**
 * Excuses a student's component, overrides it with a score and a reason, or takes either away
 * (issue 49, point 9): one row per student and component, with who and when. An override is
 * for a computed component (a typed one is typed on the sheet) and needs a reason and a score
 * read as every score is; a final of a student over the absence limit cannot be excused (the
 * absence rule counts it 0).
 */
export async function saveAdjustment(
  db: Db,
  place: { cls: { id: number }; term: Term; context: SheetContext },
  input: AdjustmentInput,
  by: { userId: number; now: number },
): Promise<{ saved: true } | { refused: string }> {
  const { cls, term, context } = place;
  const { scheme, lines } = await readSheet(db, cls, term, context, [input.student_id]);
  const component = scheme.components.find((c) => c.key === input.component_key);
  if (!component) return { refused: 'That component is not on this class’s sheet.' };
  const line = lines[0];
  if (!line) return { refused: 'This student is not in this class.' };
  const cell = {
    term_id: term.id,
    class_id: cls.id,
    user_id: line.id,
    component_key: component.key,
  };
  if (input.kind === 'none') {
    await db
      .deleteFrom('result_adjustments')
      .where('term_id', '=', cell.term_id)
      .where('class_id', '=', cell.class_id)
      .where('user_id', '=', cell.user_id)
      .where('component_key', '=', cell.component_key)
      .execute();
    return { saved: true };
  }
  const reason = withoutHidden(input.reason ?? '').trim();
  if (reason.length > ADJUSTMENT_REASON_MAX)
    return { refused: `A reason must be at most ${ADJUSTMENT_REASON_MAX} characters.` };
  let hundredths: number | null = null;
  if (input.kind === 'excused') {
    if (component.final && !line.eligible)
      return {
        refused: `${line.name} is over the absence limit: “${component.name}” counts 0 and cannot be excused.`,
      };
  } else {
    if (component.source === 'typed')
      return {
        refused: `“${component.name}” is typed on the sheet: type the score instead of overriding it.`,
      };
    const read = readScore(input.score ?? '');
    if ('problem' in read) return { refused: `${component.name}: ${read.problem}` };
    if (read.score === null) return { refused: 'Please type the score that overrides it.' };
    if (reason === '') return { refused: 'Please say why the score is overridden.' };
    hundredths = read.score;
  }
  const values = {
    kind: input.kind,
    hundredths,
    reason: reason === '' ? null : reason,
    updated_at: by.now,
    updated_by: by.userId,
  };
  await db
    .insertInto('result_adjustments')
    .values({ ...cell, ...values })
    .onConflict((oc) =>
      oc.columns(['term_id', 'class_id', 'user_id', 'component_key']).doUpdateSet(values),
    )
    .execute();
  return { saved: true };
}
