import { SPEAKING_MAX_SECONDS } from './constants.js';
import type { CallName, UploadRule } from './routes/index.js';

/**
 * The calls that take files, and what each accepts: the server streams and checks files by
 * these rules; the client takes the field names for its types. Kept apart from the route
 * table so the browser's bundle carries none of it.
 */
/** One recording (a speaking answer, or the administrator's spoken reply to one). */
const oneRecording = {
  maxFiles: 1,
  kind: 'audio',
  messages: {
    tooMany: 'Please send one recording.',
    tooLarge: 'The file size exceeds the 5MB limit.',
    wrongType: 'Only audio files (MP3, M4A, WAV, OGG, WEBM, AAC, FLAC) are accepted.',
  },
} as const;

export const uploadRules = {
  uploadAssignment: {
    fields: ['files', 'files[]'],
    maxFiles: 10,
    kind: 'document',
    messages: {
      tooMany: 'You cannot select more than 10 files.',
      tooLarge: 'File size cannot be larger than 5 MB.',
      wrongType: 'Only JPG, JPEG, PNG and PDF files are accepted.',
    },
  },
  sendCorrection: {
    fields: ['file1', 'file2', 'file3', 'file4', 'file5', 'comment_audio'],
    // Five files and the optional recorded comment; the handler holds the files to five.
    maxFiles: 6,
    kind: 'material',
    fieldKinds: {
      comment_audio: {
        kind: 'audio',
        wrongType: 'The recorded comment must be an audio file.',
        maxSeconds: SPEAKING_MAX_SECONDS,
      },
    },
    messages: {
      tooMany: 'You can send at most 5 files.',
      tooLarge: 'File size cannot be larger than 5 MB.',
      wrongType: 'Only PDF, Word, PowerPoint, Excel, image or audio files are accepted.',
    },
  },
  // Its question sets how long it may be: the handler checks that.
  sendSpeakingAnswer: { fields: ['audio_file'], ...oneRecording },
  // A passage's recording (issue 51): a listening several items of the bank stand on.
  saveQuizPassage: { fields: ['recording'], ...oneRecording },
  // A spoken answer in a quiz (issue 51): its item's longest recording is checked by the handler.
  saveQuizRecording: { fields: ['audio_file'], ...oneRecording },
  replySpeakingAnswer: {
    fields: ['reply_audio'],
    ...oneRecording,
    maxSeconds: SPEAKING_MAX_SECONDS,
  },
  saveSkillItem: {
    fields: ['file'],
    maxFiles: 1,
    kind: 'material',
    messages: {
      tooMany: 'Please attach one file.',
      tooLarge: 'File size cannot be larger than 5 MB.',
      wrongType: 'Only PDF, Word, PowerPoint, Excel, image or audio files are accepted.',
    },
  },
  saveSettings: {
    // The stamp (issue 49, point 12) is an image too; the handler holds it to PNG or JPEG.
    fields: ['logo', 'login_background', 'home_background', 'stamp'],
    maxFiles: 4,
    kind: 'image',
    messages: {
      tooMany: 'Please choose one image for each place.',
      tooLarge: 'Each image must be at most 5 MB.',
      wrongType: 'Only PNG, JPEG and WebP images are accepted.',
    },
  },
  // A photo (or PDF) of a card-to-card transfer's receipt, from the payer's phone (issue 52).
  reportCardTransfer: {
    fields: ['photo'],
    maxFiles: 1,
    kind: 'document',
    messages: {
      tooMany: 'Please send one photo of the transfer’s receipt.',
      tooLarge: 'The photo must be at most 5 MB.',
      wrongType: 'Only JPG, JPEG, PNG and PDF files are accepted.',
    },
  },
} as const satisfies { [K in CallName]?: UploadRule };

/**
 * The file fields a call takes, for typing the client's payload: a File or a list of them per
 * field. Calls without files take none.
 */
export type UploadFields<K extends CallName> = K extends keyof typeof uploadRules
  ? { [P in (typeof uploadRules)[K]['fields'][number]]?: FileLike | FileLike[] }
  : Record<never, never>;

/** What a browser File (or Blob) has; the contract stays free of DOM and Node types. */
export interface FileLike {
  readonly size: number;
  readonly type: string;
}
