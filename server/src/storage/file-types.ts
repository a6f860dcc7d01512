import type { UploadKind } from '@academy/contract/routes';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes file-type needs to recognise every format we accept but Office files. */
export const SNIFF_BYTES = 4100;

const documents = ['jpg', 'png', 'pdf'];
const audio = ['mp3', 'm4a', 'mp4', 'wav', 'ogg', 'opus', 'oga', 'webm', 'aac', 'flac', 'amr'];
const office = ['docx', 'pptx', 'xlsx'];
/** The academy's logo and backgrounds: images every browser shows. */
const images = ['png', 'jpg', 'webp'];

const accepted: Record<UploadKind, ReadonlySet<string>> = {
  document: new Set(documents),
  audio: new Set(audio),
  material: new Set([...documents, ...audio, ...office]),
  image: new Set(images),
};

export interface SniffedType {
  ext: string;
  mime: string;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Whether a file that was not recognised from its first bytes may still be an Office file
 * `kind` accepts: DOCX, PPTX and XLSX are zip archives, and what makes one a Word file (its
 * [Content_Types].xml or word/ part) may come after other parts, anywhere in the archive.
 * Then the whole file (at most 5 MB) is worth reading before deciding.
 */
export function needsWholeZip(head: Buffer, kind: UploadKind): boolean {
  return office.some((ext) => accepted[kind].has(ext)) && head.subarray(0, 4).equals(ZIP_SIGNATURE);
}

/**
 * The type of a file from its first bytes, if it is one `kind` accepts. A renamed executable
 * (or anything unrecognised) is undefined, whatever its name or declared type says.
 */
export async function sniffAccepted(
  head: Buffer,
  kind: UploadKind,
): Promise<SniffedType | undefined> {
  const type = await fileTypeFromBuffer(head);
  if (!type || !accepted[kind].has(type.ext)) return undefined;
  return { ext: type.ext, mime: type.mime };
}

/**
 * The extensions that are right for each type we accept, by file-type's `ext`: the first is
 * the one a name gets when it has none or a wrong one, and the rest are also right ('.jpeg'
 * for a JPEG; '.ogg' for Ogg Opus; '.m4a' for an MP4 that is only sound).
 */
const typeNames: { ext: string; mimes: string[]; right: string[] }[] = [
  { ext: 'jpg', mimes: ['image/jpeg'], right: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  { ext: 'png', mimes: ['image/png'], right: ['png'] },
  { ext: 'webp', mimes: ['image/webp'], right: ['webp'] },
  { ext: 'pdf', mimes: ['application/pdf'], right: ['pdf'] },
  { ext: 'mp3', mimes: ['audio/mpeg'], right: ['mp3'] },
  { ext: 'm4a', mimes: ['audio/x-m4a', 'audio/mp4'], right: ['m4a', 'mp4', 'm4b'] },
  { ext: 'mp4', mimes: ['video/mp4'], right: ['mp4', 'm4a'] },
  { ext: 'wav', mimes: ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'], right: ['wav', 'wave'] },
  { ext: 'opus', mimes: ['audio/ogg; codecs=opus', 'audio/opus'], right: ['opus', 'ogg', 'oga'] },
  { ext: 'ogg', mimes: ['audio/ogg'], right: ['ogg', 'oga', 'opus'] },
  { ext: 'oga', mimes: [], right: ['oga', 'ogg'] },
  { ext: 'webm', mimes: ['video/webm', 'audio/webm'], right: ['webm', 'weba'] },
  { ext: 'aac', mimes: ['audio/aac'], right: ['aac'] },
  { ext: 'flac', mimes: ['audio/flac', 'audio/x-flac'], right: ['flac'] },
  { ext: 'amr', mimes: ['audio/amr'], right: ['amr'] },
  {
    ext: 'docx',
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    right: ['docx'],
  },
  {
    ext: 'pptx',
    mimes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    right: ['pptx'],
  },
  {
    ext: 'xlsx',
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    right: ['xlsx'],
  },
];

/** The extensions right for a sniffed type, the one to give first. */
export function rightExtensions(ext: string): readonly string[] {
  return typeNames.find((t) => t.ext === ext)?.right ?? [ext];
}

/** The sniffed type's extension for a stored MIME type; undefined for one we never accept. */
export function extensionOfMime(mime: string): string | undefined {
  return typeNames.find((t) => t.mimes.includes(mime))?.ext;
}
