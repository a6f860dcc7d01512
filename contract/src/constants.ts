/**
 * Business constants of spec section 9 (and the rules DESIGN.md fixes where the spec is
 * silent). Shared by the server, which enforces them, and the web app, which explains them.
 */

/** 1 and 2 are the spec's; 3, a teacher, is new (issue 29): an account limited to their classes. */
export const ROLE_ID = { admin: 1, user: 2, teacher: 3 } as const;
export type RoleId = (typeof ROLE_ID)[keyof typeof ROLE_ID];
/**
 * The login response's `role`: 'admin' leads to /admin, 'teacher' (new) to /teacher, anything
 * else to /user.
 */
export type RoleName = 'admin' | 'user' | 'teacher';
/** Each role's name as the login answers it. */
export const ROLE_NAMES: Record<RoleId, RoleName> = { 1: 'admin', 2: 'user', 3: 'teacher' };
/** Each role as the screens and the CSV files name it. */
export const ROLE_WORDS: Record<RoleId, string> = { 1: 'Admin', 2: 'User', 3: 'Teacher' };
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
/**
 * A gender not given (issue 49, point 7): a school's export without one. Stored and answered
 * as '' (the answers' `gender` stays a string; the home screen shows the default picture),
 * shown as "Not given" and set later on Edit.
 */
export const GENDER_NOT_GIVEN = '';
/** What a user's gender may be: male, female, or not given (''). */
export const USER_GENDERS = [...GENDERS, GENDER_NOT_GIVEN] as const;
export type UserGender = (typeof USER_GENDERS)[number];

export const DEFAULT_ROLE_ID = ROLE_ID.user;
export const DEFAULT_GENDER: Gender = 'male';

/** Timings of the startup screens and the polling the spec asks for, in milliseconds. */
export const SPLASH_MS = 5_000;
export const LOADING_SCREEN_MS = 2_000;
export const POLL_MS = 10_000;
export const ACTIVITY_PING_MS = 30_000;
export const ONLINE_USERS_REFRESH_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The request header a tab's writes carry with its live stream's name (the `ready` event's,
 * live.ts): the change the write made is not told to that stream, since the tab has already
 * put it on its own screens, while the user's other tabs and devices, and the administrators,
 * hear of it. It names only a stream of the same session (token); any other is ignored.
 */
export const LIVE_STREAM_HEADER = 'x-live-stream';

/**
 * The response header on a read answered while this instance held no live stream for the
 * caller's session: a change made between that answer and the stream's listening reaches
 * nobody, so a tab whose stream opened while the read was on its way asks it again
 * (web/src/app/live-updates.ts). A stream held by another instance or process is not known
 * here, and so answers carry it: the tab then asks again, which is only a call too many.
 */
export const LIVE_UNHEARD_HEADER = 'x-live-unheard';

/** "Online" means seen in the last five minutes. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Upload limits (spec section 9). */
export const MAX_FILE_BYTES = 5_242_880;
export const MAX_SUBMISSION_FILES = 10;
export const MAX_CORRECTION_FILES = 5;
export const SUBMISSION_FILE_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const;

/**
 * Recording a speaking answer (issue 21): the administrator's time limit per question, in
 * seconds, and the bit rate the browser is asked to record at. 300 s at 32 kbit/s is about
 * 1.2 MB, far under MAX_FILE_BYTES (docs/decisions.md "Recording in the browser").
 */
export const SPEAKING_DEFAULT_SECONDS = 120;
export const SPEAKING_MIN_SECONDS = 10;
export const SPEAKING_MAX_SECONDS = 300;
export const RECORDING_BITS_PER_SECOND = 32_000;

/** A notification's longest message. */
export const MAX_NOTIFICATION_LENGTH = 2000;

/** Accounts. */
export const MIN_PASSWORD_LENGTH = 8;
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** Importing students from CSV: the most students one file may bring. */
export const IMPORT_MAX_ROWS = 1000;
/** The longest CSV text accepted (the JSON body must stay under the server's 1 MiB). */
export const IMPORT_MAX_CHARS = 500_000;

/**
 * Login throttling (docs/security.md "Login throttling"). Failures are counted per username
 * at one address (locks only that pair), per address (slows it down, never locks it: a whole
 * school can share one address) and per username over all addresses (OWASP ASVS: at most
 * 100 failures an hour on one account). Each window starts at its first failure.
 */
export const LOGIN_PAIR_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_PAIR = 5;
export const LOGIN_USERNAME_WINDOW_MS = 60 * 60_000;
export const LOGIN_MAX_FAILURES_PER_USERNAME = 100;
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;
/** Failures an address may make in its window before each further try has to wait. */
export const LOGIN_ADDRESS_FREE_FAILURES = 30;
/** The wait after the first failure past the free ones; it doubles with each further one. */
export const LOGIN_ADDRESS_FIRST_DELAY_MS = 1_000;
export const LOGIN_ADDRESS_MAX_DELAY_MS = 60_000;
/**
 * A device that signed in to a username before (its device cookie) is counted on its own,
 * not by the username's or the pair's count, so guessers cannot lock the owner out; its own
 * limit stops a stolen cookie from guessing for long.
 */
export const LOGIN_DEVICE_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_DEVICE = 5;

/** Schedules: a session number ending in 1 opens a semester; days run Saturday to Friday. */
export const SEMESTER_MODULUS = 10;
export const WEEK_DAYS = [
  'Saturday',
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
] as const;
export const SESSION_STATUSES = ['Held', 'Missed', 'Next Session'] as const;

/** Leitner box (DESIGN.md "Domain rules"): days until the next review after a correct answer at levels 1–5. */
export const LEITNER_INTERVAL_DAYS = [1, 2, 4, 8, 16] as const;
export const LEITNER_MAX_PRACTISED_LEVEL = 5;
/** get_allusers_cards.php answers this many cards to a page (the admin's Show more loads the next). */
export const ALL_CARDS_PAGE_SIZE = 1000;

/** Offline worker cache version (spec section 9). */
export const WORKER_CACHE_VERSION = '2.2';

/** Settings (features/settings). */
/** The images an administrator may set; each falls back to the one the web app ships. */
export const BRANDING_IMAGES = ['logo', 'login_background', 'home_background'] as const;
export type BrandingImage = (typeof BRANDING_IMAGES)[number];

/**
 * Due-date reminders (features/reminders): how many hours before an assignment's due time a
 * student who has not handed in is reminded. The administrator chooses among these; 0 sends
 * none.
 */
export const REMINDER_LEAD_CHOICES = [0, 1, 3, 6, 12, 24, 48, 72, 168] as const;
export const DEFAULT_REMINDER_LEAD_HOURS = 24;

/**
 * The page the server sends for a screen (server/src/features/branding/web-page.ts) carries
 * the branding calls' answers in a JSON script element, and for the login and student home
 * screens a drawn shell of them, shown until the app draws the real screen.
 */
export const PAGE_BRANDING_ELEMENT_ID = 'academy-branding';
export const PAGE_SHELL_ELEMENT_ID = 'page-shell';

/** The screens the server draws a shell of. */
export type PageShell = 'login' | 'home';

/**
 * What the build tells the server about the pages it sends (web/vite.config.ts writes it
 * beside index.html, as PAGE_ASSETS_FILE): the entry's stylesheets, which the server puts
 * into the drawn pages, and for each drawn screen the scripts and styles its chunk needs
 * beyond the entry, which those pages ask for at once. Paths are relative to the build.
 */
export interface PageAssets {
  entryCss: string[];
  shells: Partial<Record<PageShell, { scripts: string[]; styles: string[] }>>;
}
export const PAGE_ASSETS_FILE = 'page-assets.json';

/**
 * The signed-in student's name, for the server's drawing of the home screen's greeting
 * (features/branding/web-page.ts). Set and cleared with the stored login (web/src/api/
 * session.ts); sent only with the home page's request (its path is the home's).
 */
export const GREETING_COOKIE = 'academy-greeting';

/** The academy's name: what the screens, the manifest and the browser's title show. */
export const ACADEMY_NAME_MAX = 100;

/**
 * The academy's stamp on report cards (issue 49, point 12): a PNG or JPEG (what a PDF can
 * hold) of at most 1 MB, as it is drawn on every card.
 */
export const STAMP_MAX_BYTES = 1_048_576;

/**
 * The IANA name of a time zone the runtime knows (Europe/London, Asia/Tehran, UTC), in its
 * canonical spelling; undefined for anything else. Both the server and the browser use it.
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The public check of certificate codes (issue 30, point 6): unknown codes one address may try
 * in a window before it must wait for the window's end (docs/security.md).
 */
export const CERTIFICATE_CHECK_WINDOW_MS = 15 * 60_000;
export const CERTIFICATE_CHECK_MAX_FAILURES = 20;

/**
 * "Forgot password?" (issue 31, point 3): how long an e-mailed link to set a new password
 * works, and how many links may be asked for in a window, per username or e-mail typed and per
 * address (docs/security.md). Every request counts: there is no success to give back.
 */
export const PASSWORD_LINK_MINUTES = 30;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60_000;
export const PASSWORD_RESET_MAX_PER_LOGIN = 5;
export const PASSWORD_RESET_MAX_PER_ADDRESS = 30;

/** The MIME type of each kind of file a call answers (a route's `file`; issue 30). */
export const ANSWERED_FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
