#!/usr/bin/env node
// npm run bench:gift — how long reading a GIFT file of QUESTIONS questions (1,000 by default, issue 51's figure)
// takes: the preview reads the whole text once and the import reads it again, so the bank's
// import pays this twice before its database work. Also the GIFT export of the same items.
// GIFT_MODULE names another build of question-text.js (a bundle made to try it out).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulePath =
  process.env.GIFT_MODULE ??
  path.join(root, 'server/dist/features/quizzes/bank/gift/question-text.js');
const { parseQuestions, writeGift } = await import(pathToFileURL(modulePath).href);
const QUESTIONS = Number(process.env.QUESTIONS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 7);

// The kinds an academy's file holds, each with feedback, weights and escaped characters.
const kinds = [
  '::Q{n}::Who wrote Hamlet? {=Shakespeare#Yes. ~Marlowe#No\\: he died in 1593. ~%50%Bacon#Half.}',
  '::Q{n}::She {~go =went ~gone} home yesterday.',
  '::Q{n}::[html]<p>London is in <b>France</b>.</p>{F#It is in England.#Right.####Its capital is London.}',
  '::Q{n}::Capital of Peru?{=Lima =%50%lima city#Nearly.}',
  '::Q{n}::How many legs has a spider?{#=8:0 =%50%8:2#Close.}',
  '::Q{n}::Match the food to its group.{=apple -> fruit =carrot -> vegetable =cheese -> dairy = -> grain}',
  '::Q{n}::Which are fruit?{~%50%apple ~%50%pear ~%-100%potato}',
  '::Q{n}::Two plus two equals {=four =4}.',
];
const text = [
  '$CATEGORY: $course$/top/B1/Grammar/Unit 1',
  '',
  ...Array.from(
    { length: QUESTIONS },
    (_, n) => `${kinds[n % kinds.length].replaceAll('{n}', String(n))}\n`,
  ),
].join('\n');

const time = (fn) => {
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { result, median: times[Math.floor(times.length / 2)], max: times.at(-1) };
};

const read = time(() => parseQuestions(text, 'gift'));
if (read.result.refused.length || read.result.questions.length !== QUESTIONS) {
  console.error('unexpected refusals', read.result.refused.slice(0, 3));
  process.exit(1);
}
const items = read.result.questions.map((q) => ({
  title: q.title,
  category: q.category,
  version: q.version,
}));
const written = time(() => writeGift(items));
console.log(
  `GIFT, ${QUESTIONS} questions (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB), ${RUNS} runs, Node ${process.version}:`,
);
console.log(
  `  read (preview or import): median ${read.median.toFixed(1)} ms, max ${read.max.toFixed(1)} ms`,
);
console.log(`  export: median ${written.median.toFixed(1)} ms, max ${written.max.toFixed(1)} ms`);
