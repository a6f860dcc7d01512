#!/usr/bin/env node
// Writes web/public/sounds/notification.wav: a soft two-note chime (about 0.45 s) that the
// student home plays when new notifications arrive. Run again only to change the sound.
import fs from 'node:fs';
import path from 'node:path';

const rate = 22_050;
const notes = [
  { frequency: 880, start: 0, length: 0.32 },
  { frequency: 1318.5, start: 0.12, length: 0.33 },
];
const total = Math.ceil(rate * 0.46);
const samples = new Float64Array(total);
for (const note of notes) {
  const from = Math.floor(note.start * rate);
  const count = Math.floor(note.length * rate);
  for (let i = 0; i < count && from + i < total; i++) {
    const t = i / rate;
    const attack = Math.min(1, t / 0.008);
    const decay = Math.exp(-t * 9);
    // A little of the octave above makes it a bell rather than a beep.
    const tone =
      Math.sin(2 * Math.PI * note.frequency * t) +
      0.25 * Math.sin(4 * Math.PI * note.frequency * t);
    samples[from + i] += 0.32 * attack * decay * tone;
  }
}
const data = Buffer.alloc(total * 2);
for (const [i, v] of samples.entries()) {
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32_767), i * 2);
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
const out = path.resolve(import.meta.dirname, '../web/public/sounds/notification.wav');
fs.writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${path.relative(process.cwd(), out)} (${44 + data.length} bytes)`);
