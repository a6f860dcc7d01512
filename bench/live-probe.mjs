// Loaded into the app servers that npm run bench:live starts (node --expose-gc --import), never
// into the app itself: on SIGUSR2 it collects garbage until the heap settles and writes
// process.memoryUsage() to BENCH_PROBE_FILE, so the bench can read the server's heap from
// outside. SIGUSR2 is free: the app listens to SIGINT and SIGTERM only. With
// BENCH_HEAP_SNAPSHOT=1 it also writes a heap snapshot beside that file each time (compare the
// one before the streams opened with the one after in Chrome's DevTools).
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', async () => {
    // A full collection, then a turn of the event loop (weak callbacks and finalisers run), three
    // times over: what is left is what the live objects hold.
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const usage = process.memoryUsage();
    if (process.env.BENCH_HEAP_SNAPSHOT) v8.writeHeapSnapshot(`${file}.${Date.now()}.heapsnapshot`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(usage));
    fs.renameSync(`${file}.tmp`, file);
  });
}
