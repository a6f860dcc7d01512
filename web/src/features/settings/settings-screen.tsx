import { explainFailure, loadingFailure } from '../../api/failure-text';
import { backTo } from '../../shared/paths';
import { QueryView, Screen } from '../../ui';
import { EmailCard } from '../email/email-card';
import { GuardianKindsCard } from '../guardians/guardian-kinds-form';
import { ResultsSettingsCard } from '../results/results-settings-card';
import { SmsGatewayCard } from '../sms/sms-gateway-card';
import { AcademyForm } from './academy-form';
import { AttendanceForm } from './attendance-form';
import { CurrencyForm } from './currency-form';
import { IMAGES, ImageForm } from './image-form';
import { QuietHoursForm } from './quiet-hours-form';
import { RemindersForm } from './reminders-form';
import { ReportCardForm } from './report-card-form';
import styles from './settings.module.css';
import { TermsCard } from './terms-card';
import { useSettings } from './use-settings';

/** /settings: the academy's name, time zone, links and images (admins). */
export default function SettingsScreen() {
  const settings = useSettings();
  return (
    <Screen
      title="Settings"
      subtitle="What every screen of the app shows as your academy's own."
      back={backTo.dashboard}
      width="narrow"
    >
      <QueryView
        query={settings}
        loading="Loading settings..."
        error={explainFailure(loadingFailure('settings'))}
      >
        {(answer) => (
          <div className={styles.cards}>
            <AcademyForm answer={answer} />
            <QuietHoursForm answer={answer} />
            <RemindersForm answer={answer} />
            <EmailCard />
            <TermsCard />
            <AttendanceForm answer={answer} />
            <CurrencyForm answer={answer} />
            <ResultsSettingsCard />
            <ReportCardForm answer={answer} />
            <SmsGatewayCard />
            <GuardianKindsCard />
            {IMAGES.map((image) => (
              <ImageForm key={image.name} image={image} current={answer.settings[image.name]} />
            ))}
          </div>
        )}
      </QueryView>
    </Screen>
  );
}
