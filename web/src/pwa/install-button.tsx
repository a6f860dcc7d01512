import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import styles from './pwa.module.css';

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * A floating 'Install App' button, shown while the browser offers installation and gone
 * after the app is installed or the offer is dismissed.
 */
export function InstallButton() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const handleOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const handleInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', handleOffer);
    window.addEventListener('appinstalled', handleInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', handleOffer);
      window.removeEventListener('appinstalled', handleInstalled);
    };
  }, []);

  if (!offer) return null;
  const handleClick = async () => {
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
    // Whether accepted or dismissed, the browser will not take this offer again.
    setOffer(null);
  };
  return (
    <button type="button" className={styles.install} onClick={() => void handleClick()}>
      <Download size={18} aria-hidden="true" />
      Install App
    </button>
  );
}
