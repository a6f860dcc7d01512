import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import {
  consumeInstallOffer,
  currentInstallOffer,
  subscribeToInstallOffers,
} from './install-offer';
import styles from './pwa.module.css';

/**
 * A floating 'Install App' button, shown while the browser offers installation and gone
 * after the app is installed or the offer is dismissed.
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
    <button type="button" className={styles.install} onClick={() => void handleClick()}>
      <Download size={18} aria-hidden="true" />
      Install App
    </button>
  );
}
