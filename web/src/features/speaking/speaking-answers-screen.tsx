import { useBackToStaffHome } from '../../shared/staff-home';
import { Screen } from '../../ui';
import { SpeakingPanel } from './admin/speaking-panel';

/**
 * /speaking-answers (issue 29): the speaking questions and the spoken answers to correct, on a
 * screen of their own that administrators and teachers both open: a teacher asks their classes
 * or students, and hears and answers their students' recordings. An administrator has the same
 * panel among the academy's content (/skill-content).
 */
export default function SpeakingAnswersScreen() {
  return (
    <Screen title="Speaking" back={useBackToStaffHome()}>
      <SpeakingPanel />
    </Screen>
  );
}
