/**
 * Forgets every API answer and page the offline worker cached (the home's page greets its
 * student by name), so the next person to log in on this device sees none of the last one's
 * data. Called on logout and when the server ends the session.
 */
export async function clearCachedPersonalAnswers(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith('academy-api-') || name.startsWith('academy-pages-'))
      .map((name) => caches.delete(name)),
  );
}
