import { randomBytes } from 'node:crypto';
import {
  type Component,
  notReadyWords,
  OUTCOME_WORDS,
  type Outcome,
  scoreText,
} from '@academy/contract/results';
import type { Term } from '@academy/contract/terms';
import type { Db } from '../../db/index.js';
import type { Tell } from '../../domain/tell.js';
import { freeze, readSheet, type SheetContext, type SheetLine } from './sheet-data.js';

/**
 * Publishing a class's sheet of a term (issue 30, point 5; issue 49, points 9 and 11): each
 * line frozen into term_results and its student told in the same transaction, certificates
 * given and withdrawn.
 */

/** Who published a class's sheet of a term, and when; undefined: a draft. */
export function sheetPublication(db: Db, classId: number, termId: number) {
  return db
    .selectFrom('result_sheets as s')
    .leftJoin('users as u', 'u.id', 's.published_by')
    .select(['s.published_at', 'u.name as published_by'])
    .where('s.class_id', '=', classId)
    .where('s.term_id', '=', termId)
    .executeTakeFirst();
}

/** An unguessable certificate code: 20 characters of base32 (100 bits), grouped for reading. */
export function certificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  let code = '';
  for (const byte of bytes) code += alphabet[byte & 31];
  return code.replace(/(.{5})(?!$)/g, '$1-');
}

/** A student left out of a publication: no total yet, and why. */
export interface NotReady {
  id: number;
  name: string;
  why: string;
}

/** A certificate a publication withdrew: its student's name and code. */
export interface Withdrawn {
  id: number;
  name: string;
  code: string;
}

export type Publication =
  | { refused: string }
  | {
      published: number[];
      changed: number[];
      unchanged: number;
      notReady: NotReady[];
      withdrawn: Withdrawn[];
    };

/** Which of a line's components are excused, in the scheme's order. */
const excusedOf = (components: readonly Component[], line: SheetLine) =>
  components.map((c) =>
    line.adjustments.some((a) => a.component_key === c.key && a.kind === 'excused'),
  );

/**
 * Publishes a class's sheet of a term (issue 49, point 9: never stalled by one student): each
 * member with a total is frozen into term_results (the first time), or replaced and marked
 * changed (when the sheet now says otherwise), and told, in the same transaction. Members
 * without a total are left out and named (`notReady`); publishing again later adds them, and
 * a published line that has lost its total keeps what was published. Only a class where
 * nobody has a total is refused. A pass gets a certificate code; a result that stops being a
 * pass has its certificate withdrawn (point 11): the code leaves the result and is kept in
 * withdrawn_certificates with when, so the public check can say so.
 */
export async function publishSheet(
  db: Db,
  cls: { id: number; name: string; level: string | null },
  term: Term,
  context: SheetContext,
  by: { userId: number; now: number; tell: Tell },
) {
  const { scheme, lines: members } = await readSheet(db, cls, term, context);
  if (members.length === 0)
    return { refused: 'This class has no students to publish results for.' };
  const notReady = members
    .filter((line) => line.total === null)
    .map((line) => ({ id: line.id, name: line.name, why: notReadyWords(line.missing) }));
  const lines = members.filter((line) => line.total !== null);
  if (lines.length === 0)
    return {
      refused:
        'No student has a total yet: every component needs a score, or to be excused, before results are published.',
    };
  return db.transaction().execute(async (trx): Promise<Publication> => {
    const published: number[] = [];
    const changed: number[] = [];
    const withdrawn: Withdrawn[] = [];
    await trx
      .insertInto('result_sheets')
      .values({ term_id: term.id, class_id: cls.id, published_at: by.now, published_by: by.userId })
      .onConflict((oc) =>
        oc
          .columns(['term_id', 'class_id'])
          .doUpdateSet({ published_at: by.now, published_by: by.userId }),
      )
      .execute();
    const existing = new Map(
      (
        await trx
          .selectFrom('term_results')
          .select([
            'id',
            'user_id',
            'certificate_code',
            'total_hundredths',
            'outcome',
            'components',
          ])
          .where('class_id', '=', cls.id)
          .where('term_id', '=', term.id)
          .execute()
      ).map((row) => [row.user_id, row]),
    );
    for (const line of lines) {
      const was = existing.get(line.id);
      if (was && !line.differs) continue;
      const outcome = line.outcome as Outcome;
      const values = {
        class_name: cls.name,
        level: cls.level,
        components: JSON.stringify(
          freeze(scheme.components, line.scores, line.eligible, excusedOf(scheme.components, line)),
        ),
        total_hundredths: line.total as number,
        outcome,
        eligible: line.eligible ? 1 : 0,
        absences: line.absences,
        attendance_hundredths: line.attendance,
      };
      // The sheet was read before this transaction: a publish a moment earlier (a double tap)
      // may have written this very result since. Compared with the row as it is now, it is
      // left alone, and the student is not told twice.
      if (
        was &&
        was.total_hundredths === values.total_hundredths &&
        was.outcome === values.outcome &&
        was.components === values.components
      )
        continue;
      const said = `${OUTCOME_WORDS[outcome]}, ${scoreText(values.total_hundredths)}`;
      if (!was) {
        const { id } = await trx
          .insertInto('term_results')
          .values({
            ...values,
            term_id: term.id,
            class_id: cls.id,
            user_id: line.id,
            published_at: by.now,
            published_by: by.userId,
            certificate_code: outcome === 'pass' ? certificateCode() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Told in the same transaction: a published result is never left untold.
        await by.tell(trx, {
          userId: line.id,
          topic: 'results',
          refId: id,
          text: `Your results for ${term.name} (${cls.name}) are published: ${said}.`,
        });
        published.push(line.id);
      } else {
        if (was.certificate_code !== null && outcome !== 'pass') {
          await trx
            .insertInto('withdrawn_certificates')
            .values({
              code: was.certificate_code,
              result_id: was.id,
              withdrawn_at: by.now,
              withdrawn_by: by.userId,
            })
            .onConflict((oc) => oc.column('code').doNothing())
            .execute();
          withdrawn.push({ id: line.id, name: line.name, code: was.certificate_code });
        }
        await trx
          .updateTable('term_results')
          .set({
            ...values,
            changed_at: by.now,
            changed_by: by.userId,
            certificate_code:
              outcome !== 'pass' ? null : (was.certificate_code ?? certificateCode()),
          })
          .where('id', '=', was.id)
          .execute();
        await by.tell(trx, {
          userId: line.id,
          topic: 'results',
          refId: was.id,
          text: `Your result for ${term.name} (${cls.name}) was changed: ${said}.`,
        });
        changed.push(line.id);
      }
    }
    return {
      published,
      changed,
      unchanged: lines.length - published.length - changed.length,
      notReady,
      withdrawn,
    };
  });
}
