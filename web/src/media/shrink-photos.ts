import { formatFileSize } from '../lib/file-size';

/**
 * Phone photos made small enough to send. A 12-megapixel photo is 3 to 8 MB (over the spec's
 * 5 MB limit); redrawn at most 2560 px on its long side as a JPEG of quality 0.8 it is about
 * 1 MB and a page of handwriting stays readable. The server's limits are unchanged: this only
 * makes a photo fit them. bench/photo-shrink.mjs measures it.
 */
export const SHRINK = {
  /** JPEG and PNG files up to this size are sent as they are. */
  aboveBytes: 1.5 * 1024 * 1024,
  maxSizeMB: 1.5,
  maxWidthOrHeight: 2560,
  initialQuality: 0.8,
} as const;

const SENT_AS_IS = /^image\/(jpeg|png)$/;
const SENT_AS_IS_NAME = /\.(jpe?g|png)$/i;
/** Photos the server does not take as they are but a browser may decode (HEIC on Safari). */
const OTHER_PHOTO_NAME = /\.(heic|heif|webp|avif)$/i;

type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

const isAcceptedAsIs = (file: FileFacts) =>
  SENT_AS_IS.test(file.type) || SENT_AS_IS_NAME.test(file.name);

/**
 * Whether a chosen file is made smaller before it is sent: a JPEG or PNG over 1.5 MB, or a
 * photo in another format (HEIC, WebP, AVIF), which becomes a JPEG the server accepts.
 * Everything else (PDF, small images) goes as it is.
 */
export function shouldShrink(file: FileFacts): boolean {
  if (isAcceptedAsIs(file)) return file.size > SHRINK.aboveBytes;
  return file.type.startsWith('image/') || OTHER_PHOTO_NAME.test(file.name);
}

/** The shrunk photo's name: the same name, as a JPEG ('IMG_0042.HEIC' → 'IMG_0042.jpg'). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

export interface Shrinking {
  /** How many photos were made smaller, and their sizes before and after. */
  count: number;
  before: number;
  after: number;
}

/** What the screen says: '3 photos made smaller: 14.2 MB → 2.1 MB'. */
export function shrinkingText({ count, before, after }: Shrinking): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'} made smaller: ${formatFileSize(before)} → ${formatFileSize(after)}`;
}

/** The photos made smaller among `files`, given each shrunk file's size before. */
export function shrinkingOf(
  files: readonly File[],
  sizeBefore: { get(file: File): number | undefined },
): Shrinking {
  const shrinking: Shrinking = { count: 0, before: 0, after: 0 };
  for (const file of files) {
    const before = sizeBefore.get(file);
    if (before === undefined) continue;
    shrinking.count += 1;
    shrinking.before += before;
    shrinking.after += file.size;
  }
  return shrinking;
}

/**
 * Makes the photos among `files` smaller; the rest stay as they are, in their order. Each
 * shrunk file's size before goes into `sizeBefore`. The library loads only now, when a photo
 * needs it. A photo this browser cannot decode (HEIC outside Safari) stays as it is, and the
 * form's checks say what is wrong with it.
 */
export async function shrinkPhotos(
  files: readonly File[],
  sizeBefore: WeakMap<File, number>,
): Promise<File[]> {
  if (!files.some(shouldShrink)) return [...files];
  let imageCompression: typeof import('browser-image-compression').default;
  try {
    imageCompression = (await import('browser-image-compression')).default;
  } catch {
    // The chunk could not be loaded (offline, a new version deployed): sent as they are, the
    // form's checks say which are too large.
    return [...files];
  }
  const out: File[] = [];
  for (const file of files) {
    if (!shouldShrink(file)) {
      out.push(file);
      continue;
    }
    try {
      const made = await imageCompression(file, {
        maxSizeMB: SHRINK.maxSizeMB,
        maxWidthOrHeight: SHRINK.maxWidthOrHeight,
        initialQuality: SHRINK.initialQuality,
        fileType: 'image/jpeg',
        // Its worker would load the library from a CDN: nothing may download at run time.
        useWebWorker: false,
      });
      if (made.size >= file.size && isAcceptedAsIs(file)) {
        out.push(file);
        continue;
      }
      const shrunk = new File([made], jpegName(file.name), {
        type: 'image/jpeg',
        lastModified: file.lastModified,
      });
      sizeBefore.set(shrunk, file.size);
      out.push(shrunk);
    } catch {
      out.push(file);
    }
  }
  return out;
}
