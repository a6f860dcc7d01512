import { verifyPath } from '@academy/contract/certificates';
import {
  NOT_ELIGIBLE,
  OUTCOME_WORDS,
  type Outcome,
  type PublishedComponent,
  scoreText,
} from '@academy/contract/results';
import type { Term } from '@academy/contract/terms';

/**
 * What a report card and a certificate say, in words (issue 30, points 5–6), apart from how they
 * are drawn, so the words are tested as the screens' are. Dates read as the app writes them
 * ('March 3, 2027'), a moment on the academy's clock.
 */

/** A published result as the papers print it (features/reports/reports-data.ts reads it). */
export interface ResultPaper {
  id: number;
  userId: number;
  studentName: string;
  className: string;
  level: string | null;
  term: Term;
  components: PublishedComponent[];
  total: number;
  outcome: Outcome;
  eligible: boolean;
  absences: number;
  /** Hundredths of a percent; null: no roll was taken. */
  attendance: number | null;
  publishedAt: number;
  changedAt: number | null;
  certificateCode: string | null;
}

export interface PaperContext {
  academyName: string;
  timeZone: string;
  /** Today on the academy's clock (YYYY-MM-DD): the date a report card is handed out. */
  today: string;
  /** The director's name from Settings (issue 49, point 12); null: none set. */
  directorName: string | null;
  /** The academy's public address (settings.current.publicOrigin); null: none saved yet. */
  publicOrigin: string | null;
}

/** A moment as a date on the academy's clock: 'March 3, 2027'. */
export function longDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(ms);
}

/** A day (YYYY-MM-DD) as a date: 'March 1, 2027'. */
export const dayText = (day: string) => longDate(Date.parse(`${day}T12:00:00Z`), 'UTC');

/** A term's days: 'March 1, 2027 – June 30, 2027'. */
export const termDays = (term: Term) => `${dayText(term.first_day)} – ${dayText(term.last_day)}`;

const percent = (hundredths: number) => `${scoreText(hundredths)} %`;

export interface ReportCardWords {
  academy: string;
  title: string;
  facts: [label: string, value: string][];
  components: { name: string; weight: string; score: string }[];
  total: string;
  outcome: string;
  /** Under the outcome, for a student over the absence limit. */
  outcomeNote: string | null;
  attendance: [label: string, value: string][];
  published: string;
  changed: string | null;
  certificate: string | null;
  /** A fail, printed apart in words and weight, never by colour alone (issue 49, point 12). */
  failed: boolean;
  /** The date the card is handed out: 'Date: December 2, 2026'. */
  date: string;
  /** A signature line each, the name over it and who signs under it. */
  signatures: { name: string; role: string }[];
  /** The certificate's public check, the QR code's address; null: no certificate, or no address. */
  verifyUrl: string | null;
}

/** The words under a fail's outcome: what it means, so it does not rest on colour or weight. */
export const FAIL_WORDS = `${OUTCOME_WORDS.fail}: not passed`;

/** `teachers`: the names of the class's teachers, who sign beside the director. */
export function reportCardWords(
  result: ResultPaper,
  context: PaperContext,
  teachers: readonly string[] = [],
): ReportCardWords {
  const code = result.outcome === 'pass' ? result.certificateCode : null;
  return {
    academy: context.academyName,
    title: 'Report card',
    facts: [
      ['Student', result.studentName],
      ['Class', result.className],
      ['Level', result.level ?? '—'],
      ['Term', result.term.name],
      ['Dates', termDays(result.term)],
    ],
    components: result.components.map((component) => ({
      name: component.name,
      weight: `${component.weight} %`,
      score:
        component.score !== null
          ? scoreText(component.score)
          : component.excused
            ? 'Excused'
            : component.final && !result.eligible
              ? NOT_ELIGIBLE
              : '—',
    })),
    total: scoreText(result.total),
    outcome: result.outcome === 'fail' ? FAIL_WORDS : OUTCOME_WORDS[result.outcome],
    outcomeNote: result.eligible ? null : NOT_ELIGIBLE,
    attendance: [
      [
        'Attendance rate',
        result.attendance === null ? 'No roll was taken' : percent(result.attendance),
      ],
      ['Absences', String(result.absences)],
    ],
    published: `Published on ${longDate(result.publishedAt, context.timeZone)}`,
    changed:
      result.changedAt === null
        ? null
        : `Changed on ${longDate(result.changedAt, context.timeZone)}`,
    certificate: result.certificateCode ? `Certificate code: ${result.certificateCode}` : null,
    failed: result.outcome === 'fail',
    date: `Date: ${dayText(context.today)}`,
    signatures: [
      {
        name: teachers.join(', '),
        role: teachers.length > 1 ? 'Teachers’ signature' : 'Teacher’s signature',
      },
      { name: context.directorName ?? '', role: 'Director’s signature' },
    ],
    verifyUrl:
      code && context.publicOrigin !== null ? `${context.publicOrigin}${verifyPath(code)}` : null,
  };
}

export interface CertificateWords {
  academy: string;
  title: string;
  certifies: string;
  student: string;
  passed: string;
  course: string;
  days: string;
  outcome: string;
  awarded: string;
  code: string;
  check: string;
  url: string;
}

/** A passing result's certificate; `verifyUrl` is the public page its QR code opens. */
export function certificateWords(
  result: ResultPaper & { certificateCode: string },
  context: PaperContext,
  verifyUrl: string,
): CertificateWords {
  return {
    academy: context.academyName,
    title: 'Certificate',
    certifies: 'This certifies that',
    student: result.studentName,
    passed: result.level ? `has passed ${result.level}` : 'has passed the course',
    course: `${result.className} · ${result.term.name}`,
    days: termDays(result.term),
    outcome: `Result: ${OUTCOME_WORDS[result.outcome]}, ${scoreText(result.total)}`,
    awarded: `Awarded on ${longDate(result.changedAt ?? result.publishedAt, context.timeZone)}`,
    code: result.certificateCode,
    check: 'Verify this certificate by its code at',
    url: verifyUrl,
  };
}

/** A file name a person recognises: 'Report card - Ayşe Yılmaz - Spring 2027.pdf'. */
export const paperFileName = (what: string, ...parts: string[]) =>
  `${[what, ...parts].join(' - ')}.pdf`;
