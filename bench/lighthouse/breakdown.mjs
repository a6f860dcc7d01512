#!/usr/bin/env node
// Where a screen's main-thread CPU went, from the traces bench:lighthouse writes
// (bench/results/traces/<screen>-<run>.json): the page renderer's main thread, as run.mjs
// measures it (the thread time of its top-level tasks), split by the traced event that spent
// it (self time: an event's thread time less its children's), and script work by file.
//
//   node bench/lighthouse/breakdown.mjs bench/results/traces/login-1.json [more traces…]
//
// With several traces, each figure is their mean. Tasks whose thread time no traced event
// explains are counted as "(task, untraced)": the handling of responses and timers.
import fs from 'node:fs';
import path from 'node:path';

/** The renderer's main thread of the page's main frame, as run.mjs finds it. */
function mainThreadOf(events) {
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((f) => !f.parent)?.frame;
  const pid = events.findLast(
    (e) => e.name === 'FrameCommittedInBrowser' && e.args?.data?.frame === frame,
  )?.args?.data?.processId;
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      e.pid === pid,
  );
  return main ? { pid: main.pid, tid: main.tid } : null;
}

/** A script event's file, shortened to its name under /assets/. */
function fileOf(e) {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  const url = data.url ?? data.stackTrace?.[0]?.url ?? '';
  return url ? path.basename(new URL(url, 'http://x').pathname) : '';
}

const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'v8.produceModuleCache',
  'v8.produceCache',
]);

function breakdown(file) {
  const { traceEvents: events } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const main = mainThreadOf(events);
  if (!main) throw new Error(`${file}: no main thread`);
  const mine = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byName = new Map();
  const byFile = new Map();
  let total = 0;
  let tasks = 0;
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  // A stack of open events; each event's self time is its thread time less its children's.
  const stack = [];
  const close = (e) => {
    const self = e.tdur - e.childTdur;
    const name = e.name === 'RunTask' ? '(task, untraced)' : e.name;
    add(byName, name, self);
    if (SCRIPT_EVENTS.has(e.name) || e.scriptFile) add(byFile, e.scriptFile || '(no file)', self);
  };
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) close(stack.pop());
    const parent = stack.at(-1);
    const item = {
      ...e,
      childTdur: 0,
      scriptFile: SCRIPT_EVENTS.has(e.name) ? fileOf(e) || parent?.scriptFile : parent?.scriptFile,
    };
    if (parent) parent.childTdur += e.tdur;
    else if (e.name === 'RunTask') {
      total += e.tdur;
      tasks++;
    } else continue; // outside any task: not in run.mjs's figure
    stack.push(item);
  }
  while (stack.length) close(stack.pop());
  return { total, tasks, byName, byFile };
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/lighthouse/breakdown.mjs <trace.json>…');
  process.exit(2);
}
const all = files.map(breakdown);
const mean = (pick) => all.reduce((sum, b) => sum + pick(b), 0) / all.length / 1000;
const keys = (pick) => [...new Set(all.flatMap((b) => [...pick(b).keys()]))];
const table = (title, pick) => {
  const rows = keys(pick)
    .map((k) => [k, mean((b) => pick(b).get(k) ?? 0)])
    .filter(([, ms]) => ms >= 0.3)
    .sort((a, b) => b[1] - a[1]);
  console.log(`\n${title}`);
  for (const [k, ms] of rows) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
};
console.log(
  `${files.length} trace(s): main thread CPU ${mean((b) => b.total).toFixed(1)} ms in ${Math.round(
    mean((b) => b.tasks) * 1000,
  )} tasks (mean)`,
);
table('By event (self thread time)', (b) => b.byName);
table('Script work by file', (b) => b.byFile);
