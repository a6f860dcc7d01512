import {
  type Bands,
  type Component,
  DEFAULT_BANDS,
  DEFAULT_COMPONENTS,
  nextComponentKey,
  schemeProblem,
} from '@academy/contract/results';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { countableQuizTitle } from '../../domain/quiz-marks.js';

/**
 * A result scheme (issue 30, point 3; migration 0032): the components a sheet scores and their
 * weights, the academy's or a class's own, and the academy's bands of pass and conditional.
 */

/**
 * Holds the scheme a class follows until the transaction ends: scores typed against it are in
 * before a change of the scheme removes their component (and deletes its scores), or are read
 * against the changed scheme; never written for a component just removed, whose key the next
 * new component would take. On PostgreSQL the rows a scheme is kept in are shared-locked (a
 * save of the scheme updates them); SQLite's transactions take turns already.
 */
export async function holdScheme(trx: Db, classId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('classes').select('id').where('id', '=', classId).forShare().execute();
  await trx.selectFrom('academy_settings').select('id').where('id', '=', 1).forShare().execute();
}

/** The scheme a class follows (its own, else the academy's), or the academy's (no class). */
export async function readScheme(
  db: Db,
  classId?: number,
): Promise<{ components: Component[]; academyScheme: boolean; bands: Bands }> {
  const settings = await db
    .selectFrom('academy_settings')
    .select(['result_scheme', 'result_bands'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const bands = parsed<Bands>(settings?.result_bands) ?? DEFAULT_BANDS;
  const academy = await withQuizTitles(
    db,
    parsed<Component[]>(settings?.result_scheme) ?? [...DEFAULT_COMPONENTS],
  );
  if (classId === undefined) return { components: academy, academyScheme: true, bands };
  const own = await db
    .selectFrom('classes')
    .select('result_scheme')
    .where('id', '=', classId)
    .executeTakeFirst();
  const components = parsed<Component[]>(own?.result_scheme);
  return components
    ? { components: await withQuizTitles(db, components), academyScheme: false, bands }
    : { components: academy, academyScheme: true, bands };
}

/** A component naming one quiz shows its title (a class's own scheme; issue 51, point 4). */
async function withQuizTitles(db: Db, components: Component[]): Promise<Component[]> {
  if (!components.some((c) => c.quiz_id != null)) return components;
  return Promise.all(
    components.map(async (c) =>
      c.quiz_id == null ? c : { ...c, quiz_title: await countableQuizTitle(db, c.quiz_id) },
    ),
  );
}

const parsed = <T>(json: string | null | undefined): T | null =>
  json ? (JSON.parse(json) as T) : null;

/** A component of a scheme being saved: a key it had, or none (a new one). */
export type ComponentInput = Omit<Component, 'key'> & { key?: string | undefined };

export type SchemeSave = { saved: true } | { refused: string };

/**
 * Saves the academy's scheme (no class) or a class's own, or gives a class the academy's again
 * (`components` null). New components take the next key of the scheme they join, and the
 * typed scores of components that are gone go with them, in the same transaction, so a key
 * taken again starts empty and is never read with another component's scores.
 */
export function saveScheme(
  db: Db,
  classId: number | undefined,
  components: readonly ComponentInput[] | null,
): Promise<SchemeSave> {
  return db.transaction().execute(async (trx) => {
    const before = await readScheme(trx, classId);
    let next: Component[] | null = null;
    if (components !== null) {
      // A class taking its own scheme starts from the keys of the scheme it followed.
      const known = new Set(before.components.map((c) => c.key));
      const given: Component[] = [];
      for (const component of components) {
        if (component.key !== undefined && !known.has(component.key))
          return { refused: 'The components’ keys are not valid.' };
        const key = component.key ?? nextComponentKey([...before.components, ...given]);
        if (
          component.quiz_id != null &&
          (await countableQuizTitle(trx, component.quiz_id)) === null
        )
          return {
            refused: `The quiz chosen for “${component.name.trim()}” no longer exists, or is not one a sheet counts.`,
          };
        const { quiz_title: _title, ...kept } = component;
        given.push({ ...kept, key, name: component.name.trim() });
      }
      const problem = schemeProblem(given);
      if (problem) return { refused: problem };
      next = given;
    }
    const kept = new Set((next ?? (await readScheme(trx)).components).map((c) => c.key));
    const gone = before.components.map((c) => c.key).filter((key) => !kept.has(key));
    const json = next === null ? null : JSON.stringify(next);
    if (classId === undefined) {
      await trx
        .updateTable('academy_settings')
        .set({ result_scheme: json })
        .where('id', '=', 1)
        .execute();
    } else {
      await trx
        .updateTable('classes')
        .set({ result_scheme: json })
        .where('id', '=', classId)
        .execute();
    }
    if (gone.length > 0) {
      let scores = trx.deleteFrom('result_scores').where('component_key', 'in', gone);
      scores =
        classId === undefined
          ? scores.where(
              'class_id',
              'in',
              trx.selectFrom('classes').select('id').where('result_scheme', 'is', null),
            )
          : scores.where('class_id', '=', classId);
      await scores.execute();
    }
    return { saved: true };
  });
}

export async function saveBands(db: Db, bands: Bands) {
  await db
    .updateTable('academy_settings')
    .set({ result_bands: JSON.stringify(bands) })
    .where('id', '=', 1)
    .execute();
}
