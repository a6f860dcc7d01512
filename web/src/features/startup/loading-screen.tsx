import { LOADING_SCREEN_MS } from '@academy/contract/constants';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { BrandSplash } from './brand-splash';
import styles from './start-screen.module.css';

/** /loading: the app shell's two-second loading screen, then the login screen (or home, when signed in). */
export default function LoadingScreen() {
  const navigate = useNavigate();
  const finish = useCallback(() => navigate(paths.login, { replace: true }), [navigate]);
  return (
    <BrandSplash durationMs={LOADING_SCREEN_MS} onDone={finish}>
      <p className={styles.tagline} role="status">
        Loading...
      </p>
    </BrandSplash>
  );
}
