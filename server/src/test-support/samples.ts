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

export const samples = { pdf, png, jpg, wav: wav(), elf, exe, pdfOfSize };
