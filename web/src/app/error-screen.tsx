import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ButtonLink } from '../ui/button';
import styles from './error-screen.module.css';
import { useFirstScreenDrawn } from './first-screen';

/** What an unmatched or failing route shows (spec: 'Unexpected Application Error!'). */
export default function ErrorScreen() {
  const error = useRouteError();
  useFirstScreenDrawn();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.detail}>
        {error instanceof Error
          ? error.message
          : 'This page does not exist or could not be loaded.'}
      </p>
      <ButtonLink to="/login" variant="primary" reloadDocument>
        Go to the start
      </ButtonLink>
    </main>
  );
}
