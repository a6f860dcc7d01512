import { useSyncExternalStore } from 'react';
import {
  consumeInstallOffer,
  currentInstallOffer,
  subscribeToInstallOffers,
} from './install-offer';
import styles from './pwa.module.css';

/**
 * The 'Install App' button (spec section 2), shown while the browser offers installation and
 * gone after the app is installed or the offer is dismissed. It sits in a bar after the
 * screen, in the page's flow, rather than floating over it: a floating button covered a home
 * tile (and whatever else lay under it) on a phone, and a bar above the screen pushed the
 * whole screen down when the offer came, after the first paint (Lighthouse's layout shift
 * of 0.108 on every first visit).
 *
 * It comes with the page (app/root-layout.tsx) and draws no icon: a drawn icon would bring the
 * app's whole icon chunk to a login page that shows no other (bench:lighthouse).
 */
export function InstallButton() {
  const offer = useSyncExternalStore(subscribeToInstallOffers, currentInstallOffer);
  if (!offer) return null;
  const handleClick = async () => {
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
    consumeInstallOffer();
  };
  return (
    <div className={styles.installBar}>
      <span>Add the app to this device for quick access.</span>
      <button type="button" className={styles.install} onClick={() => void handleClick()}>
        Install App
      </button>
    </div>
  );
}
