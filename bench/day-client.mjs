// A client process of npm run bench:day (bench/day.mjs starts a few, through the IPC channel):
// it plays its share of the students and administrators, each a loop of real calls of the
// contract (paths, methods and encodings from its route table), with a think time after each
// call, and each with its live stream held open (bench/event-stream.mjs) whose `change`
// events make it ask again what its screen shows, as the app does. It times every call and
// counts every failure, per call, within the windows the parent marks.
//
// What the parent asks, and what this answers (each answer carries the question's `id`):
//   add {students: [{userId, token, url}], admins: [...], markers: [{..., classId}], perSecond,
//        setup}                                                                -> added (at once)
//   hour {teachers: [{userId, token, url, sessionId}], spreadMs}: each teacher takes the roll
//               of their session; answered once every teacher's roll is saved (or failed) -> hourDone
//   mark {}     starts a window: the samples and errors so far are dropped      -> marked
//   collect {}  the window's samples and errors, the streams' state and CPU       -> collected
//   stop {}     ends every loop and stream, and exits
import http from 'node:http';
import { LIVE_STREAM_HEADER, LIVE_TOPIC_GAP_MS } from '@academy/contract/live';
import { routes } from '@academy/contract/routes';
import { openEventStream } from './event-stream.mjs';
import { now, sleep, think } from './kit.mjs';

const reply = (message) => process.send?.(message);
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: Number(process.env.BENCH_SOCKETS ?? 256),
});

let running = true;
let setup;
/** Per call: the window's times (ms) and failures by reason. */
let samples = new Map();
let errors = new Map();
/**
 * The window's slowest answer and count of answers per TIMELINE_MS of it, by when each
 * request began: a stall shows as the slice it began in, and when (after the broadcast, the
 * hour's rolls) it came.
 */
const TIMELINE_MS = 5_000;
let markedAt = now();
let timeline = [];
const streams = { opening: 0, open: 0, closed: 0, refused: 0 };
const responses = [];

function note(name, ms, failure) {
  if (failure) {
    const byReason = errors.get(name) ?? new Map();
    byReason.set(failure, (byReason.get(failure) ?? 0) + 1);
    errors.set(name, byReason);
    return;
  }
  const list = samples.get(name) ?? [];
  list.push(ms);
  samples.set(name, list);
  if (name === 'events') return;
  const slice = Math.max(0, Math.floor((now() - ms - markedAt) / TIMELINE_MS));
  timeline[slice] ??= { worst: 0, count: 0 };
  const at = timeline[slice];
  at.worst = Math.max(at.worst, ms);
  at.count += 1;
}

/** One HTTP exchange; resolves with the status and the body (a Buffer). */
function exchange(url, { method, path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method, headers, agent, timeout: 30_000 });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({ status: response.statusCode, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.end(body);
  });
}

/** A multipart body of text fields and files ({name, type, bytes}), as a browser's FormData. */
function multipart(fields, files) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  for (const [field, file] of Object.entries(files))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Makes the call `name` as its route table entry says, timed under `name`; resolves with the
 * answer's JSON (or null when it failed: the failure is counted, the actor carries on). A
 * write names the actor's stream, as the app's do (web/src/api/client.ts): the actor is not
 * told of its own change.
 */
async function call(actor, name, payload = {}, files = {}) {
  const meta = routes[name];
  const headers = { authorization: `Bearer ${actor.token}` };
  if (actor.stream && meta.changes?.length) headers[LIVE_STREAM_HEADER] = actor.stream;
  const text = Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  let path = meta.path;
  let body;
  if (meta.encoding === 'query') {
    const qs = new URLSearchParams(text).toString();
    if (qs) path += `?${qs}`;
  } else if (meta.encoding === 'json') {
    body = JSON.stringify(payload);
    headers['content-type'] = 'application/json';
  } else if (meta.encoding === 'form') {
    body = new URLSearchParams(text).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    const form = multipart(text, files);
    body = form.body;
    headers['content-type'] = form.type;
  }
  return timed(name, actor.url, { method: meta.method, path, headers, body });
}

async function timed(name, url, options, { raw = false } = {}) {
  const started = now();
  try {
    const { status, body } = await exchange(url, options);
    const ms = now() - started;
    if (status >= 400) {
      note(name, ms, `status ${status}: ${body.toString('utf8').slice(0, 80)}`);
      return null;
    }
    note(name, ms);
    if (raw || !body.length || status === 304) return {};
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    note(name, now() - started, `error: ${error.code ?? error.message}`);
    return null;
  }
}

/** A person reading between two calls: exponential around the mean, at most five times it. */
const pick = (weights) => {
  let r = Math.random() * weights.reduce((n, [w]) => n + w, 0);
  for (const [w, what] of weights) {
    r -= w;
    if (r < 0) return what;
  }
  return weights[weights.length - 1][1];
};

/**
 * Holds the actor's live stream open. A `change` asks again what the actor's screen shows for
 * its topic (`refetch`: topic -> {call name: ask}), as the app does (web/src/app/live-updates.ts):
 * a call at most once a second however many topics name it, the rest of a burst once the
 * second has passed, a change told to many at a random moment within the spread it names, and
 * a call already on its way not asked twice (the query cache's dedupe).
 */
async function holdStream(actor, refetch) {
  const inFlight = new Set();
  const last = new Map();
  const waiting = new Map();
  const refresh = (name, ask) => {
    waiting.delete(name);
    last.set(name, now());
    if (inFlight.has(name)) return;
    inFlight.add(name);
    ask().finally(() => inFlight.delete(name));
  };
  const schedule = (name, ask, spreadMs) => {
    const at = Math.max(
      now() + Math.random() * spreadMs,
      (last.get(name) ?? 0) + LIVE_TOPIC_GAP_MS,
    );
    const pending = waiting.get(name);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    if (at <= now()) return refresh(name, ask);
    const timer = setTimeout(() => {
      if (running) refresh(name, ask);
    }, at - now());
    waiting.set(name, { at, timer });
  };
  const heard = ({ topic, spreadMs = 0 }) => {
    if (!refetch[topic] || !running) return;
    for (const [name, ask] of Object.entries(refetch[topic])) schedule(name, ask, spreadMs);
  };
  streams.opening += 1;
  const started = now();
  const outcome = await openEventStream(actor.url, actor.token, {
    onResponse: (response) => responses.push(response),
    onReady: (name) => {
      actor.stream = name;
    },
    onEvent: (event) => {
      if (event.event === 'change') heard(JSON.parse(event.data));
    },
    onClose: () => {
      if (actor.streamOpen) {
        streams.open -= 1;
        if (running) {
          streams.closed += 1;
          note('events', 0, 'the stream closed');
        }
      }
      actor.streamOpen = false;
      actor.stream = undefined;
    },
  });
  streams.opening -= 1;
  if (outcome === 'opened') {
    actor.streamOpen = true;
    streams.open += 1;
    note('events', now() - started);
  } else {
    streams.refused += 1;
    note('events', now() - started, outcome);
  }
}

// --- A student's day ---

const ownUser = (s) => ({ user_id: s.userId });

async function openHome(s) {
  await Promise.all([
    call(s, 'appConfig'),
    call(s, 'userBackground'),
    call(s, 'getUnreadAssignments', ownUser(s)),
    call(s, 'getCardsToReview', ownUser(s)),
    call(s, 'getFeedbackNews', ownUser(s)),
    call(s, 'getNotifications', { ...ownUser(s), only_unread: '1' }),
  ]);
}

const studentActions = {
  /** Back to the home: its calls again. */
  home: async (s) => openHome(s),
  /** The assignments: read the list, open an unread one (it is marked read). */
  assignments: async (s) => {
    const list = await call(s, 'getUserAssignments', ownUser(s));
    const unread = list?.assignments?.find((a) => a.is_read === 0);
    if (!unread) return;
    await think(setup.thinkMs / 3);
    await call(s, 'markAssignmentAsRead', { ...ownUser(s), assignment_id: unread.id });
  },
  /** The results: read the corrections and download a file of the newest that has one. */
  results: async (s) => {
    const list = await call(s, 'studentsGetCorrections', ownUser(s));
    const file = Array.isArray(list) ? list.find((c) => c.files.length > 0)?.files[0] : undefined;
    if (!file) return;
    await think(setup.thinkMs / 3);
    await timed(
      'download a file',
      s.url,
      { method: 'GET', path: `/api/${file.file_url}` },
      { raw: true },
    );
  },
  /** Practise: the due cards, then a few answers a few seconds apart. */
  cards: async (s) => {
    const due = await call(s, 'getCards', ownUser(s));
    const cards = Array.isArray(due) ? due.slice(0, 5) : [];
    for (const card of cards) {
      if (!running) return;
      await think(setup.thinkMs / 3);
      await call(s, 'updateCard', {
        id: card.id,
        user_id: s.userId,
        was_correct: Math.random() < 0.7 ? 'true' : 'false',
        answer_id: `bench-${s.userId}-${card.id}-${Date.now()}`,
      });
    }
  },
  /** Hand in a photo of written work (a phone photo, made smaller as the upload screen does). */
  photo: async (s) => {
    await call(
      s,
      'uploadAssignment',
      { user_id: s.userId, subject: 'Homework photo', description: '' },
      { 'files[]': { name: 'photo.jpg', type: 'image/jpeg', bytes: setup.photo } },
    );
  },
  /** The speaking question: read it, its state, and record the answer once. */
  speaking: async (s) => {
    const question = await call(s, 'getSpeakingQuestion', ownUser(s));
    const id = question?.data?.id;
    if (!id || s.answered) return;
    const status = await call(s, 'getSpeakingQuestionStatus', { ...ownUser(s), question_id: id });
    if (status?.status !== 'not_answered') return;
    await think(setup.thinkMs / 2);
    s.answered = true;
    await call(
      s,
      'sendSpeakingAnswer',
      { user_id: s.userId, question_id: id },
      { audio_file: { name: 'answer.webm', type: 'audio/webm', bytes: setup.audio } },
    );
  },
};
/**
 * How often each comes, as a share of what a student does: most of a day's calls are cards
 * practised and lists read; a photo handed in and an answer recorded are one or two a day.
 */
const STUDENT_DAY = [
  [15, 'home'],
  [20, 'assignments'],
  [10, 'results'],
  [50, 'cards'],
  [3, 'photo'],
  [2, 'speaking'],
];

async function student(s, delayMs) {
  await sleep(delayMs);
  if (!running) return;
  // The app opens its stream as it starts, then the home asks its calls.
  // What the home shows, asked again on its topics.
  const unread = () => call(s, 'getNotifications', { ...ownUser(s), only_unread: '1' });
  const news = () => call(s, 'getFeedbackNews', ownUser(s));
  await holdStream(s, {
    notifications: { getNotifications: unread, getFeedbackNews: news },
    assignments: { getUnreadAssignments: () => call(s, 'getUnreadAssignments', ownUser(s)) },
    cards: { getCardsToReview: () => call(s, 'getCardsToReview', ownUser(s)) },
    corrections: { getFeedbackNews: news },
  });
  await openHome(s);
  while (running) {
    await think(setup.thinkMs);
    if (!running) return;
    await studentActions[pick(STUDENT_DAY)](s);
  }
}

// --- An administrator's day ---

const adminActions = {
  /** The inbox: the new work, or everything. */
  inbox: async (a) => {
    const page = await call(a, 'sendToInbox', Math.random() < 0.5 ? { state: 'new' } : {});
    a.inbox = page?.assignments ?? a.inbox;
  },
  /** Correct a submission from the inbox's page, with the marked work as a PDF. */
  correct: async (a) => {
    const work = a.inbox?.[Math.floor(Math.random() * a.inbox.length)];
    if (!work) return adminActions.inbox(a);
    await call(
      a,
      'sendCorrection',
      {
        user_id: work.user_id,
        submission_id: work.id,
        title: `Marked: ${work.subject}`,
        description: 'See the notes.',
      },
      { file1: { name: 'marked.pdf', type: 'application/pdf', bytes: setup.pdf } },
    );
  },
  /** Send an assignment to a class. */
  sendToClass: async (a) => {
    const classId = setup.classIds[Math.floor(Math.random() * setup.classIds.length)];
    await call(a, 'sendAssignment', {
      class_id: classId,
      title: 'Reading for tomorrow',
      description: 'Read pages 12 to 14.',
      file_links: [{ title: 'Worksheet', url: 'https://docs.example.com/reading.pdf' }],
    });
  },
  /** One of the lists. */
  lists: async (a) => {
    const [name, payload] = pick([
      [1, ['getUsers', { page: 1 }]],
      [1, ['getAllNotifications', { page: 1 }]],
      [1, ['getAssignments', { page: 1 }]],
      [1, ['getClasses', {}]],
      [1, ['getSendings', { kind: 'assignment' }]],
      [1, ['getCorrections', { page: 1 }]],
      [1, ['getAdminCounts', {}]],
    ]);
    await call(a, name, payload);
  },
};
const ADMIN_DAY = [
  [35, 'inbox'],
  [25, 'correct'],
  [3, 'sendToClass'],
  [37, 'lists'],
];

async function admin(a) {
  // The dashboard's counts and the inbox, asked again on their topics.
  const counts = { getAdminCounts: () => call(a, 'getAdminCounts') };
  await holdStream(a, {
    submissions: { ...counts, sendToInbox: () => adminActions.inbox(a) },
    online: counts,
    assignments: counts,
    corrections: counts,
    speaking: counts,
  });
  await Promise.all([counts.getAdminCounts(), adminActions.inbox(a)]);
  while (running) {
    await think(setup.adminThinkMs);
    if (!running) return;
    await adminActions[pick(ADMIN_DAY)](a);
  }
}

// --- A teacher at the start of the hour ---

/**
 * A teacher takes the roll of their session (issue 29): opens their teaching day, then the
 * roll (everyone present until marked), ticks a few students late, absent or excused, and
 * saves it whole, one request. No live stream: a teacher's tab would hold one, but the hour
 * is about the saves.
 */
async function teacher(t, delayMs) {
  await sleep(delayMs);
  if (!running) return;
  await call(t, 'getTeachingDay');
  const roll = await call(t, 'getRoll', { class_session_id: t.sessionId });
  const students = [...(roll?.students ?? [])];
  await think(setup.rollThinkMs);
  if (!running) return;
  const marks = [];
  for (let n = 2 + Math.floor(Math.random() * 5); n > 0 && students.length > 0; n--) {
    const [student] = students.splice(Math.floor(Math.random() * students.length), 1);
    marks.push({
      user_id: student.id,
      mark: pick([
        [5, 'absent'],
        [4, 'late'],
        [1, 'excused'],
      ]),
      note: '',
    });
  }
  await call(t, 'saveRoll', { class_session_id: t.sessionId, marks });
}

// --- A teacher typing a term's marks ---

/**
 * A teacher fills their class's result sheet of the term (issue 30): opens it (the terms, then
 * the sheet), types a stack of papers' marks into a typed column, one cell at a time with a
 * think time between (setup.markThinkMs, exponential), each cell saved as the sheet saves it
 * (saveResultScores of that one cell, no Save button), then opens the sheet again to look at
 * the totals before the next stack. The live stream asks for the sheet again when it hears the
 * `results` topic (another teacher's save: every staff stream hears it), at most once a second,
 * as the app's screens do (web/src/app/live-updates.ts); setup.markLive false: no stream.
 */
async function marker(m) {
  const openSheet = () => call(m, 'getResultSheet', { class_id: m.classId, term_id: setup.termId });
  if (setup.markLive) await holdStream(m, { results: { getResultSheet: openSheet } });
  let at = 0;
  while (running) {
    await call(m, 'listTerms');
    const sheet = await openSheet();
    const typed = (sheet?.components ?? []).filter((c) => c.source === 'typed');
    const students = sheet?.students ?? [];
    if (typed.length === 0 || students.length === 0) {
      await think(setup.markThinkMs);
      continue;
    }
    for (let n = 0; n < setup.markStack && running; n++, at++) {
      await think(setup.markThinkMs);
      if (!running) return;
      // Down a column, then the next: the cells of a stack of papers.
      const component = typed[Math.floor(at / students.length) % typed.length];
      const student = students[at % students.length];
      const score = (40 + Math.random() * 60).toFixed(Math.random() < 0.3 ? 1 : 0);
      await call(m, 'saveResultScores', {
        class_id: m.classId,
        term_id: setup.termId,
        scores: [{ student_id: student.id, component_key: component.key, score }],
      });
    }
  }
}

process.on('message', (message) => {
  const { cmd, id } = message;
  if (cmd === 'add') {
    setup ??= {
      ...message.setup,
      photo: Buffer.from(message.setup.photo, 'base64'),
      audio: Buffer.from(message.setup.audio, 'base64'),
      pdf: Buffer.from(message.setup.pdf, 'base64'),
    };
    for (const a of message.admins) admin({ ...a });
    for (const m of message.markers ?? []) marker({ ...m });
    // Arrivals spread at `perSecond`, so a step's new students do not all come at once.
    message.students.forEach((s, i) => {
      student({ ...s }, (i / message.perSecond) * 1000);
    });
    reply({ type: 'added', id });
  } else if (cmd === 'hour') {
    Promise.all(
      message.teachers.map((t) => teacher({ ...t }, Math.random() * message.spreadMs)),
    ).then(() => reply({ type: 'hourDone', id }));
  } else if (cmd === 'mark') {
    samples = new Map();
    errors = new Map();
    markedAt = now();
    timeline = [];
    reply({ type: 'marked', id });
  } else if (cmd === 'collect') {
    const cpu = process.cpuUsage();
    reply({
      type: 'collected',
      id,
      samples: Object.fromEntries(samples),
      timeline: Array.from(timeline, (at) => at ?? { worst: 0, count: 0 }),
      errors: Object.fromEntries([...errors].map(([k, v]) => [k, Object.fromEntries(v)])),
      streams: { ...streams },
      cpuMicros: cpu.user + cpu.system,
    });
  } else if (cmd === 'stop') {
    running = false;
    for (const response of responses) response.destroy();
    agent.destroy();
    reply({ type: 'stopped', id });
    setTimeout(() => process.exit(0), 100);
  }
});
