// A client process of npm run bench:live (bench/live.mjs starts a few, through the IPC channel
// of child_process.fork): it holds its share of the live streams, each a socket of its own
// (node:http without a pooling agent), each read as a browser would (eventsource-parser), and
// notes when each stream hears a `change`. The times are `performance.timeOrigin +
// performance.now()`, comparable with the parent's, which times the sends.
//
// What the parent asks, and what this answers (each answer carries the question's `id`):
//   open {streams: [{url, userId, token}], concurrency}  -> opened {opened, refused, errors}
//   watch {userId}       -> watching; then the next `change` of that user's stream -> heard {userId, at}
//   arm {}               -> armed; then each stream's next `change` -> all {times} once all have one
//   collect {broadcast}  what that armed broadcast heard so far -> all {times} (null: not heard)
//   stats {}             -> stats {open, closed, heartbeats, changes, cpuMicros, rss}
//   close {}             closes every stream and exits
import { openEventStream } from './event-stream.mjs';

const now = () => performance.timeOrigin + performance.now();
const reply = (message) => process.send?.(message);

/** @type {{userId: number, response: http.IncomingMessage | undefined, open: boolean}[]} */
const streams = [];
let heartbeats = 0;
let changes = 0;
let closed = 0;
/** One student's send being timed: the user, and the question to answer. */
const watching = new Map();
/** A broadcast being timed: each stream's first `change` after it was armed. */
let armed;

function heard(stream, index, event) {
  if (event.event !== 'change') return;
  const at = now();
  changes += 1;
  const asked = watching.get(stream.userId);
  if (asked !== undefined) {
    watching.delete(stream.userId);
    reply({ type: 'heard', id: asked, userId: stream.userId, at });
  }
  if (armed && Number.isNaN(armed.times[index])) {
    armed.times[index] = at;
    armed.remaining -= 1;
    if (armed.remaining === 0) finishBroadcast();
  }
}

function finishBroadcast() {
  const { id, times } = armed;
  armed = undefined;
  reply({ type: 'all', id, times: Array.from(times, (t) => (Number.isNaN(t) ? null : t)) });
}

/** Opens one stream and settles once its `ready` event is heard (or it is refused). */
function openStream({ url, userId, token }) {
  const index = streams.length;
  const stream = { userId, response: undefined, open: false };
  streams.push(stream);
  return openEventStream(url, token, {
    onResponse: (response) => {
      stream.response = response;
    },
    onReady: () => {
      stream.open = true;
    },
    onEvent: (event) => heard(stream, index, event),
    onComment: () => {
      heartbeats += 1;
    },
    onClose: () => {
      if (stream.open) closed += 1;
      stream.open = false;
    },
  });
}

async function openAll(list, concurrency) {
  let next = 0;
  let opened = 0;
  const errors = new Map();
  const worker = async () => {
    while (next < list.length) {
      const outcome = await openStream(list[next++]);
      if (outcome === 'opened') opened += 1;
      else errors.set(outcome, (errors.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { opened, refused: list.length - opened, errors: Object.fromEntries(errors) };
}

process.on('message', async (message) => {
  const { cmd, id } = message;
  if (cmd === 'open') {
    reply({ type: 'opened', id, ...(await openAll(message.streams, message.concurrency)) });
  } else if (cmd === 'watch') {
    watching.set(message.userId, id);
    reply({ type: 'watching', id });
  } else if (cmd === 'arm') {
    armed = { id, times: new Float64Array(streams.length).fill(Number.NaN), remaining: 0 };
    // Streams that are not open will not hear it: they are counted as missed, not waited for.
    for (const stream of streams) if (stream.open) armed.remaining += 1;
    reply({ type: 'armed', id });
    if (armed.remaining === 0) finishBroadcast();
  } else if (cmd === 'collect') {
    if (armed?.id === message.broadcast) finishBroadcast();
    reply({ type: 'collected', id });
  } else if (cmd === 'stats') {
    const cpu = process.cpuUsage();
    reply({
      type: 'stats',
      id,
      open: streams.filter((s) => s.open).length,
      closed,
      heartbeats,
      changes,
      cpuMicros: cpu.user + cpu.system,
      rss: process.memoryUsage.rss(),
    });
  } else if (cmd === 'close') {
    for (const stream of streams) stream.response?.destroy();
    process.exit(0);
  }
});
