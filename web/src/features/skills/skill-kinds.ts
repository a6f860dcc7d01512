import type { SkillKind } from '@academy/contract';
import { paths } from '../../shared/paths';

/** What differs between the exam and the three Skill Builder items: words, calls, where back leads. */
export interface KindInfo {
  kind: SkillKind;
  /** 'exam', 'reading': used in the spec's messages. */
  noun: string;
  plural: string;
  title: string;
  startLabel: string;
  back: { to: string; label: string };
}

export const kinds: Record<SkillKind, KindInfo> = {
  exam: {
    kind: 'exam',
    noun: 'exam',
    plural: 'exams',
    title: 'Exam',
    startLabel: 'Start Exam',
    back: { to: paths.userHome, label: 'Back to Home Screen' },
  },
  reading: {
    kind: 'reading',
    noun: 'reading',
    plural: 'readings',
    title: 'Reading',
    startLabel: 'Start Reading',
    back: { to: paths.skillBuilder, label: 'Back to Skill Builder' },
  },
  listening: {
    kind: 'listening',
    noun: 'listening',
    plural: 'listenings',
    title: 'Listening',
    startLabel: 'Start Listening',
    back: { to: paths.skillBuilder, label: 'Back to Skill Builder' },
  },
  story: {
    kind: 'story',
    noun: 'story',
    plural: 'stories',
    title: 'Story',
    startLabel: 'Start Story',
    back: { to: paths.skillBuilder, label: 'Back to Skill Builder' },
  },
};
