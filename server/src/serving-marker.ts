import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR/server.pid names the process serving that folder, so `npm run restore` can refuse
 * to swap the database out from under a running server (it would keep writing to the file it
 * had open, and those writes would be lost). A server killed hard leaves the file behind; a
 * pid that no longer runs does not count.
 */
const markerOf = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks this process as serving dataDir; the returned function removes the mark. */
export function markServing(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(markerOf(dataDir), String(process.pid));
  return () => {
    // Another server may have started on the folder since: only our own mark goes.
    if (readPid(dataDir) === process.pid) fs.rmSync(markerOf(dataDir), { force: true });
  };
}

/** The pid of a running server on dataDir, or null. */
export function servingPid(dataDir: string): number | null {
  const pid = readPid(dataDir);
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function readPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(markerOf(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
