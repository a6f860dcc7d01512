import { SPLASH_MS } from '@academy/contract/constants';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import LoginScreen from '../accounts/login-screen';
import { BrandSplash } from './brand-splash';
import { isSplashDone, markSplashDone } from './splash';
import styles from './start-screen.module.css';

/**
 * '/': when the app starts here, the splash for five seconds and then /login; afterwards
 * '/' is the login screen itself.
 */
export default function StartScreen() {
  const navigate = useNavigate();
  const finish = useCallback(() => {
    markSplashDone();
    navigate(paths.login, { replace: true });
  }, [navigate]);
  if (isSplashDone()) return <LoginScreen />;
  return (
    <BrandSplash durationMs={SPLASH_MS} onDone={finish}>
      <p className={styles.tagline}>Learn, practise and grow, every day.</p>
    </BrandSplash>
  );
}
