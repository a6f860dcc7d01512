import type { SkillKind } from '@academy/contract';
import { useSearchParams } from 'react-router';
import { linkParams } from '../../../shared/paths';
import { useBackToStaffHome } from '../../../shared/staff-home';
import { Screen } from '../../../ui';
import { SpeakingPanel } from '../../speaking/admin/speaking-panel';
import styles from './skill-admin.module.css';
import { SkillItemsPanel } from './skill-items-panel';

const tabs: { id: SkillKind | 'speaking'; label: string }[] = [
  { id: 'exam', label: 'Exams' },
  { id: 'reading', label: 'Readings' },
  { id: 'listening', label: 'Listenings' },
  { id: 'story', label: 'Stories' },
  { id: 'speaking', label: 'Speaking' },
];

/**
 * /skill-content (new): the admin side of the exam, the Skill Builder and speaking questions.
 * A teacher opens it too (issue 30): the items open to their students, to mark their attempts,
 * and the speaking panel as on /speaking-answers; only an administrator makes and edits items.
 */
export default function SkillContentScreen() {
  const [params, setParams] = useSearchParams();
  const selected = tabs.find((t) => t.id === params.get(linkParams.tab))?.id ?? 'exam';

  return (
    <Screen
      title="Exams and Skill Builder"
      subtitle="What students take and practise, when, and who has started."
      back={useBackToStaffHome()}
    >
      <div className={styles.tabs} role="tablist" aria-label="Content">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls="skill-panel"
            className={styles.tab}
            onClick={() => setParams({ [linkParams.tab]: tab.id }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section id="skill-panel" role="tabpanel" aria-labelledby={`tab-${selected}`}>
        {selected === 'speaking' ? (
          <SpeakingPanel />
        ) : (
          <SkillItemsPanel key={selected} kind={selected} />
        )}
      </section>
    </Screen>
  );
}
