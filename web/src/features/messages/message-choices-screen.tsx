import { explainFailure } from '../../api/failure-text';
import { homeFor, readStoredUser } from '../../api/session';
import { QueryView, Screen } from '../../ui';
import { ChoicesForm } from './choices-form';
import { useMessageChoices } from './use-messages';

/**
 * /message-choices (issue 31, point 6): anyone signed in (students, teachers, administrators)
 * chooses which kinds of message reach them by push, e-mail and SMS, and their quiet hours.
 */
export default function MessageChoicesScreen() {
  const home = homeFor(readStoredUser()?.role ?? 'user');
  const choices = useMessageChoices();
  return (
    <Screen title="Messages" width="narrow" back={{ to: home, label: 'Back to Home Screen' }}>
      <QueryView
        query={choices}
        loading="Loading your choices..."
        error={explainFailure('Your choices could not be loaded. Please try again.')}
      >
        {(answer) => <ChoicesForm answer={answer} />}
      </QueryView>
    </Screen>
  );
}
