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

/**
 * The starts of what browsers' recorders make (MediaRecorder): a WebM (Chromium, Firefox),
 * an Ogg Opus page (Firefox) and an MP4 audio file (Safari). Each is only its header and some
 * padding, which is all the type check reads.
 */
const webm = Buffer.concat([
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84,
  ]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(256),
]);
function oggOpus(): Buffer {
  const page = Buffer.alloc(28);
  page.write('OggS', 0);
  page[5] = 2; // the first page of the stream
  page[26] = 1; // one segment
  page[27] = 19; // of the OpusHead packet's length
  const head = Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]);
  return Buffer.concat([page, Buffer.from('OpusHead'), head, Buffer.alloc(256)]);
}
function m4a(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypM4A ', 4);
  ftyp.write('M4A isom', 16);
  return Buffer.concat([ftyp, Buffer.alloc(256)]);
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
  webm,
  ogg: oggOpus(),
  m4a: m4a(),
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
