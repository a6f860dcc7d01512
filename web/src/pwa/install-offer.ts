/**
 * The browser's offer to install the app (`beforeinstallprompt`) can come before the
 * install button's code has loaded, so it is caught here, at start-up, and kept until the
 * button asks for it.
 */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function watchInstallOffers(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallOffer;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
}

export const currentInstallOffer = () => offer;

/** Forgets the offer once used: whether accepted or dismissed, the browser will not take it again. */
export function consumeInstallOffer(): void {
  offer = null;
  notify();
}

export function subscribeToInstallOffers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
