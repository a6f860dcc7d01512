import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/**
 * The smallest real files of each type we accept or refuse, for tests (built here rather than
 * committed as binaries). Each starts with its format's true signature.
 */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// A 1×1 JPEG.
const jpg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A short silent WAV (PCM, 8 kHz, 8-bit mono). */
function wav(samplesCount = 800): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samplesCount, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samplesCount, 40);
  return Buffer.concat([header, Buffer.alloc(samplesCount, 128)]);
}

/** A silent WAV `seconds` long (8 kHz, 8-bit mono: 8,000 bytes a second). */
function wavOfSeconds(seconds: number): Buffer {
  return wav(Math.round(seconds * 8000));
}

/**
 * What browsers' recorders make (MediaRecorder), as they make it: Chromium's WebM with Opus,
 * which has no duration in its header, and its fragmented MP4 (Safari's is fragmented the
 * same way, with AAC), whose header counts only the first fragment: both 2.4 s, recorded
 * from Chromium's fake microphone and committed (recordings/README.md). A WebM and an MP4
 * with video show what a camera recording is. Firefox's Ogg Opus is built below.
 */
const recording = (name: string) => readFileSync(new URL(`./recordings/${name}`, import.meta.url));
const webm = recording('chromium-opus.webm');
const m4a = recording('chromium-opus-fragmented.m4a');
const webmVideo = recording('chromium-video.webm');
const mp4Video = recording('chromium-video.mp4');

/** The Ogg page checksum: CRC-32 with polynomial 0x04c11db7, not reflected. */
const OGG_CRC = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggPage(packets: Buffer[], granule: number, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let n = packet.length;
    for (; n >= 255; n -= 255) lacing.push(255);
    lacing.push(n);
  }
  const head = Buffer.alloc(27 + lacing.length);
  head.write('OggS', 0);
  head[5] = flags;
  head.writeBigUInt64LE(BigInt(granule), 6);
  head.writeUInt32LE(1, 14);
  head.writeUInt32LE(sequence, 18);
  head[26] = lacing.length;
  Buffer.from(lacing).copy(head, 27);
  const page = Buffer.concat([head, ...packets]);
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ (OGG_CRC[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  page.writeUInt32LE(crc, 22);
  return page;
}

/**
 * An Ogg Opus stream `seconds` long, as Firefox records: the OpusHead and OpusTags pages,
 * then pages of 20 ms frames (each the smallest silent CELT frame), the last page's granule
 * position giving the length.
 */
function oggOpus(seconds = 2): Buffer {
  const preSkip = 312;
  const head = Buffer.concat([
    Buffer.from('OpusHead'),
    Buffer.from([1, 1, preSkip & 0xff, preSkip >> 8, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  const tags = Buffer.concat([
    Buffer.from('OpusTags'),
    Buffer.from([4, 0, 0, 0]),
    Buffer.from('test'),
    Buffer.alloc(4),
  ]);
  const frames = Math.round(seconds * 50);
  const pages = [oggPage([head], 0, 0, 2), oggPage([tags], 0, 1, 0)];
  for (let done = 0, sequence = 2; done < frames; sequence++) {
    const count = Math.min(50, frames - done);
    done += count;
    const packets = Array.from({ length: count }, () => Buffer.from([0xf8, 0xff, 0xfe]));
    pages.push(oggPage(packets, preSkip + done * 960, sequence, done === frames ? 4 : 0));
  }
  return Buffer.concat(pages);
}

/** Executables: a Linux ELF header and a Windows MZ header, as a renamed program would start. */
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const exe = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64),
]);

/** A PDF padded to exactly `bytes` bytes (still a PDF by its signature). */
function pdfOfSize(bytes: number): Buffer {
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.length), 0x20)]);
}

export const samples = {
  pdf,
  png,
  jpg,
  wav: wav(),
  wavOfSeconds,
  webm,
  ogg: oggOpus(),
  oggOpus,
  m4a,
  webmVideo,
  mp4Video,
  elf,
  exe,
  pdfOfSize,
};

/** A zip archive of stored (uncompressed) entries, in the order given. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, entry.data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const contentTypes = (main: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
  );

/**
 * A Word document whose parts that say "Word" come after `before` bytes of another part (a
 * thumbnail, say), as some editors write them: past the first 4,100 bytes when `before` is
 * large.
 */
function docx(before = 0): Buffer {
  return zip([
    ...(before > 0 ? [{ name: 'docProps/thumbnail.jpeg', data: Buffer.alloc(before, 0x41) }] : []),
    {
      name: '[Content_Types].xml',
      data: contentTypes(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]);
}

/** A plain zip archive: no Office file, however far it is read. */
const plainZip = (before = 0) =>
  zip([
    { name: 'notes/a.txt', data: Buffer.alloc(Math.max(1, before), 0x41) },
    { name: 'notes/b.txt', data: Buffer.from('b') },
  ]);

export const office = { docx, plainZip };
