/**
 * The test apps started and not yet closed (harness.ts adds and removes them). The
 * integration files share a process, so an app a file leaves open (its setup timed out before
 * its afterAll could close it) would hold its database connections for the rest of the run:
 * close-left-apps.ts closes them as the file ends. This module imports nothing, so that the
 * setup file loads none of the server before a test file's vi.mock is in place.
 */
export const openApps = new Set<{ close(): Promise<void> }>();

/** Closes every app still open (a file's leftovers). */
export async function closeLeftApps(): Promise<void> {
  await Promise.allSettled([...openApps].map((app) => app.close()));
}
