/**
 * Forgets every API answer the offline worker cached, so the next person to log in on this
 * device sees none of the last one's data. Called on logout and when the server ends the session.
 */
export async function clearCachedApiAnswers(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith('academy-api-')).map((name) => caches.delete(name)),
  );
}
