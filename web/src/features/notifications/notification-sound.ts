/**
 * The chime for new notifications. Browsers that block sound until the user has interacted
 * with the page reject play(); that is expected, so it stays silent and quiet about it.
 */
export function playNotificationSound(): void {
  try {
    const audio = new Audio('/sounds/notification.wav');
    audio.volume = 0.6;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support at all.
  }
}
