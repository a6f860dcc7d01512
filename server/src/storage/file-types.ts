import type { UploadKind } from '@academy/contract/routes';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes file-type needs to recognise every format we accept but Office files. */
export const SNIFF_BYTES = 4100;

const documents = ['jpg', 'png', 'pdf'];
const audio = ['mp3', 'm4a', 'mp4', 'wav', 'ogg', 'opus', 'oga', 'webm', 'aac', 'flac', 'amr'];
const office = ['docx', 'pptx', 'xlsx'];

const accepted: Record<UploadKind, ReadonlySet<string>> = {
  document: new Set(documents),
  audio: new Set(audio),
  material: new Set([...documents, ...audio, ...office]),
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
