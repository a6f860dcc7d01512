import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app, next to this package whether we run from src/ (tests) or dist/. */
const defaultWebDist = path.resolve(here, '../../web/dist');

const optionalUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https?:\/\//i.test(v), { error: 'must be an http(s) URL' })
  .default('');

const processesError = 'must be auto or a number of processes from 1 to 64';

const proxiesError = 'must be true, false or the number of proxies in front (at most 10)';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), {
      error: 'must be a postgres:// URL (leave it unset for SQLite)',
    })
    .default(''),
  /** PostgreSQL only: connections each instance may open (its pool's size). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Processes that answer requests, sharing the port (processes.ts): `auto` is one per CPU
   * the machine gives this server. One process uses one core, whatever the machine has.
   */
  PROCESSES: z
    .union(
      [
        z.literal('auto').transform(() => os.availableParallelism()),
        z.coerce
          .number()
          .int({ error: processesError })
          .min(1, { error: processesError })
          .max(64, { error: processesError }),
      ],
      { error: processesError },
    )
    .default(1),
  /**
   * Threads that draw PDFs (report cards, certificates; server/src/pdf/), beside the thread
   * that answers requests: a PDF takes a tenth of a second to a second of CPU, which held every
   * other request up while it was drawn there (issue 48). Two by default (one on a single
   * CPU): PDFs come in bursts (a class's cards), not all day, and each thread holds its own
   * copy of the fonts. Per process (PROCESSES).
   */
  PDF_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(() => Math.min(2, os.availableParallelism())),
  /** PostgreSQL only: run in this schema (the test harness gives each test file its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'must be a lower-case SQL identifier' })
    .optional(),
  ACADEMY_NAME: z.string().trim().min(1).max(100).default('Academy'),
  ACADEMY_TZ: z
    .string()
    .default('UTC')
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/London' }),
  ONLINE_CLASS_URL: optionalUrl,
  WEBSITE_URL: optionalUrl,
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signed file links; generated and kept under DATA_DIR when unset. */
  FILE_SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /**
   * The key that encrypts the secrets kept with the academy's settings (the SMTP password and
   * the SMS gateway's header values, issue 31): 32 bytes, as 64 hex characters or in base64. Unset: no such secret can be kept,
   * and saving one is refused in words naming this variable. Kept apart from the database,
   * so a copy of the database alone reveals none of them.
   */
  SETTINGS_KEY: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const key = settingsKeyBytes(text);
      if (key) return key;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be 32 bytes, written as 64 hex characters or in base64 (openssl rand -hex 32)',
      });
      return z.NEVER;
    })
    .optional(),
  /**
   * Whether a device's push service may be on this machine or a private network (the tests'
   * and the benchmark's push service on loopback). Off: such an endpoint is refused, so no
   * one signed in can make the server post to an address inside the academy's network.
   */
  PUSH_LOCAL_ENDPOINTS: z.stringbool().default(false),
  /**
   * Whether the SMS gateway and the SMTP server may be on this machine (loopback: 127.0.0.0/8,
   * ::1, localhost): a mail relay or an SMS daemon beside the app, or the tests' and the
   * benchmark's. Off: such an address is refused (http/addresses.ts), so an administrator cannot
   * make the server talk to what listens on its own loopback. A private network is allowed
   * for both either way (an office's gateway or mail server); link-local never.
   */
  LOOPBACK_GATEWAYS: z.stringbool().default(false),
  WEB_DIST: z.string().default(defaultWebDist),
  /**
   * Stored bytes without a row are removed at start-up once older than this (a crash between
   * writing a file and its row leaves one); the margin spares other instances' uploads in flight.
   */
  ORPHAN_FILE_MIN_AGE_SECONDS: z.coerce.number().int().min(0).default(3600),
  /**
   * How long an instance trusts who a token belongs to without asking the database again.
   * Sessions ended through the app end at once on every instance (live/cluster.ts);
   * this bounds only changes made around the app, in the database itself. 0 turns it off.
   */
  CALLER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * A request's body must arrive at MIN_BODY_BYTES_PER_SECOND on average once this many
   * seconds have passed since its headers (http/slow-requests.ts); a body dripped in a byte
   * at a time is cut off. Generous for a phone on a slow link; lower only in tests.
   */
  BODY_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * How often the instance holding the reminders lease looks for due-date reminders to send
   * (features/reminders). 0 turns the looking off on this instance (tests run it by hand).
   */
  REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How often the instance holding its lease looks for notifications to many left half written
   * by an instance that died (features/notifications/sending-finisher.ts). 0 turns the looking
   * off on this instance (tests run it by hand).
   */
  SENDINGS_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * How often the instance holding the outbox's lease looks for messages to send by push,
   * e-mail and SMS (features/messages). 0 turns the looking off on this instance (tests send
   * by hand).
   */
  OUTBOX_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
  /**
   * How often the instance holding its lease closes quiz attempts past their deadline that no
   * one came back to (features/quizzes/taking/quiz-closer.ts; one read or written is closed
   * then). 0 turns the looking off on this instance (tests close by hand).
   */
  QUIZZES_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * The reverse proxies in front of the app: `true` is one, a number a chain of them (a CDN
   * before the proxy: 2), `false` none. A client's address is the one the outermost of them
   * saw; what a client wrote into X-Forwarded-For itself stands further left and is not
   * believed, as login throttling counts per address.
   */
  TRUST_PROXY: z
    .union(
      [
        z.stringbool(),
        z.coerce
          .number()
          .int({ error: proxiesError })
          .min(0, { error: proxiesError })
          .max(10, { error: proxiesError }),
      ],
      {
        error: proxiesError,
      },
    )
    .transform((v) => (v === true ? 1 : v === false ? 0 : v))
    .default(0),
  /** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket (S3_*). */
  FILE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)',
    })
    .optional(),
  /** For MinIO, Ceph, R2 or a local test server; unset for AWS S3 itself. */
  S3_ENDPOINT: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/\s]+/i.test(v), { error: 'must be an http(s) URL' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's own chain (environment, shared files, instance or pod roles). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name: MinIO and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Keys go under this folder of the bucket (`academy/`), so a bucket can be shared. */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, {
      error: 'must be a folder path such as academy/files/ (letters, digits, . _ - and /)',
    })
    .optional(),
});

/** Rules across variables, each reported under the variable to fix. */
const CheckedConfigSchema = ConfigSchema.superRefine((c, ctx) => {
  if (c.FILE_STORAGE === 's3' && !c.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required when FILE_STORAGE=s3',
    });
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    });
  }
});

export type Config = z.infer<typeof ConfigSchema> & {
  DATA_DIR: string;
  /**
   * Whether ACADEMY_TZ was given (its value is 'UTC' when not): the first sign-in's time-zone
   * question is then prefilled with it rather than the browser's zone (issue 49, point 17).
   */
  ACADEMY_TZ_GIVEN?: boolean;
};

export class ConfigError extends Error {}

/** A 32-byte key written as 64 hex characters or in base64 (standard or URL-safe), else undefined. */
function settingsKeyBytes(text: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : undefined;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the configuration once, at start-up. A bad value stops the start with a message
 * naming the variable. Empty strings count as unset, as shells make them easy to leave behind.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== ''),
  );
  const parsed = CheckedConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    ACADEMY_TZ_GIVEN: 'ACADEMY_TZ' in present,
  };
}
