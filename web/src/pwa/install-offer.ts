import { createStore } from '../lib/store';

/**
 * The browser's offer to install the app (`beforeinstallprompt`) can come before the
 * install button is drawn, so it is caught here, at start-up, and kept until the button asks
 * for it.
 */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const offer = createStore<InstallOffer | null>(null);

export function watchInstallOffers(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer.set(event as InstallOffer);
  });
  window.addEventListener('appinstalled', () => offer.set(null));
}

export const currentInstallOffer = offer.get;

/** Forgets the offer once used: whether accepted or dismissed, the browser will not take it again. */
export function consumeInstallOffer(): void {
  offer.set(null);
}

export const subscribeToInstallOffers = offer.subscribe;
