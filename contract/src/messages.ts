/**
 * Messages that reach a person whose app is closed (issue 31): which kinds there are, the
 * channels, and what a person chose. Pure (no zod): the choices' schema, the server's outbox
 * and the Messages screen all read it.
 */

/**
 * What a notification the app wrote itself is about (issue 27): a correction, a reply to a
 * speaking answer, cards a teacher added, a due-date reminder, an absence warning. The app links each to its
 * screen; a notification an administrator typed has none. Here, without zod, so the pure
 * message rules and the schemas read one list.
 */
export const NOTIFICATION_TOPICS = [
  'correction',
  'spoken_reply',
  'teacher_cards',
  'reminder',
  /** The student reached the academy's absence warning or limit (issue 29); ref: the session. */
  'attendance',
  /** The student's results of a term were published, or changed (issue 30); ref: the result. */
  'results',
  /** A teacher marked the student's exam (issue 30, found in issue 31); ref: the item. */
  'exam_mark',
  /** A teacher marked the student's Skill Builder item; ref: the item. */
  'skill_mark',
  /** A teacher marked a spoken answer of the student's quiz attempt (issue 51); ref: the quiz. */
  'quiz_mark',
  /**
   * Money (issue 52): a card transfer the student reported approved or rejected, a payment
   * reminder; ref: the transfer, or null.
   */
  'payment',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The kinds of message a person chooses channels for, in the order the screen lists them. */
export const MESSAGE_KINDS = [
  'announcement',
  'assignment',
  'reminder',
  'feedback',
  'attendance',
  'results',
  'payments',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Each kind's words on the choices screen and in the administrator's outbox. */
export const MESSAGE_KIND_WORDS: Record<MessageKind, string> = {
  announcement: 'Messages from the academy',
  assignment: 'New assignments',
  reminder: 'Due-date reminders',
  feedback: 'Corrections, replies and cards from your teacher',
  attendance: 'Absence warnings',
  results: 'Published results',
  payments: 'Fees, payments and receipts',
};

/**
 * What an outbox row is: a kind of message, or a password link from "Forgot password?" whose
 * e-mail failed. Such a link is sent directly, never through the outbox (its token must not
 * wait in a table): its row is only written when the e-mail failed, without the link, so the
 * administrator sees it beside the other failures. It is never sent again from there.
 */
export const OUTBOX_KINDS = [...MESSAGE_KINDS, 'password_link'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_KIND_WORDS: Record<OutboxKind, string> = {
  ...MESSAGE_KIND_WORDS,
  password_link: 'Password link',
};

/** The states of an outbox row an administrator may send again ("Send again" on /outbox). */
export const RESENDABLE_STATES = ['failed', 'skipped'] as const;

/**
 * Whether "Send again" applies to a row: one that failed or was skipped, but never a password
 * link (its link is not kept). The Outbox screen shows the button by it; resendOutbox refuses
 * the rest in words.
 */
export const canSendAgain = (row: { state: string; kind: OutboxKind }): boolean =>
  (RESENDABLE_STATES as readonly string[]).includes(row.state) && row.kind !== 'password_link';

/** The channels beside the app itself; the outbox holds a row per recipient and channel. */
export const CHANNELS = ['push', 'email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_WORDS: Record<Channel, string> = {
  push: 'Push',
  email: 'E-mail',
  sms: 'SMS',
};

/** E-mail at once, gathered into one e-mail a day, or not by e-mail. */
export const EMAIL_TIMINGS = ['now', 'digest', 'off'] as const;
export type EmailTiming = (typeof EMAIL_TIMINGS)[number];

export interface KindChoice {
  push: boolean;
  email: EmailTiming;
  sms: boolean;
}

/** A person's choices: per kind of message, which channels; and their own quiet hours. */
export interface MessageChoices {
  kinds: Record<MessageKind, KindChoice>;
  /** 'HH:MM' in the academy's time zone; null: the academy's quiet hours. */
  quietHours: { from: string; to: string } | null;
  /** The person's own mobile number for SMS, or null (no SMS to them). */
  phone: string | null;
}

/**
 * Until a person chooses: push for everything (it is free and they turned it on per device),
 * e-mail at once for what matters within days and a digest for the rest, SMS only for
 * absence warnings (an SMS costs the academy money).
 */
export const DEFAULT_CHOICES: MessageChoices = {
  kinds: {
    announcement: { push: true, email: 'now', sms: false },
    assignment: { push: true, email: 'digest', sms: false },
    reminder: { push: true, email: 'now', sms: false },
    feedback: { push: true, email: 'digest', sms: false },
    attendance: { push: true, email: 'now', sms: true },
    results: { push: true, email: 'now', sms: false },
    // What is owed and what was accepted: worth an e-mail at once; an SMS is the academy's cost.
    payments: { push: true, email: 'now', sms: false },
  },
  quietHours: null,
  phone: null,
};

/** The kinds that also go to a student's guardians unless the academy chooses otherwise. */
export const DEFAULT_GUARDIAN_KINDS: readonly MessageKind[] = ['attendance', 'results', 'payments'];

/**
 * The kinds the academy sends to guardians too, from their stored JSON (null: never chosen,
 * the defaults); kinds it does not know are left out, in MESSAGE_KINDS' order.
 */
export function guardianKindsFrom(stored: string | null): MessageKind[] {
  if (stored === null) return [...DEFAULT_GUARDIAN_KINDS];
  try {
    const kinds: unknown = JSON.parse(stored);
    return Array.isArray(kinds) ? MESSAGE_KINDS.filter((k) => kinds.includes(k)) : [];
  } catch {
    return [...DEFAULT_GUARDIAN_KINDS];
  }
}

/** The kind of message an in-app notification is, by its topic (null: an administrator's). */
export function kindOfTopic(topic: NotificationTopic | null): MessageKind {
  switch (topic) {
    case null:
      return 'announcement';
    case 'reminder':
      return 'reminder';
    case 'attendance':
      return 'attendance';
    case 'results':
      return 'results';
    case 'correction':
    case 'spoken_reply':
    case 'teacher_cards':
    case 'exam_mark':
    case 'skill_mark':
    case 'quiz_mark':
      return 'feedback';
    case 'payment':
      return 'payments';
  }
}

/**
 * A person's stored choices read whole: anything missing or unknown takes the default, so a
 * kind added later starts at its default for everyone who chose before it existed.
 */
export function choicesFrom(stored: unknown): MessageChoices {
  const value = (stored ?? {}) as Partial<MessageChoices>;
  const kinds = {} as Record<MessageKind, KindChoice>;
  for (const kind of MESSAGE_KINDS) {
    const chosen = (value.kinds as Partial<Record<MessageKind, Partial<KindChoice>>> | undefined)?.[
      kind
    ];
    const fallback = DEFAULT_CHOICES.kinds[kind];
    kinds[kind] = {
      push: typeof chosen?.push === 'boolean' ? chosen.push : fallback.push,
      email: EMAIL_TIMINGS.includes(chosen?.email as EmailTiming)
        ? (chosen?.email as EmailTiming)
        : fallback.email,
      sms: typeof chosen?.sms === 'boolean' ? chosen.sms : fallback.sms,
    };
  }
  const quiet = value.quietHours;
  return {
    kinds,
    quietHours:
      quiet && typeof quiet.from === 'string' && typeof quiet.to === 'string'
        ? { from: quiet.from, to: quiet.to }
        : null,
    phone: typeof value.phone === 'string' && value.phone !== '' ? value.phone : null,
  };
}

/** The hour (in the academy's time zone) when a day's digest e-mail leaves. */
export const DIGEST_HOUR = 17;

/**
 * How long a sent or finally failed outbox row is kept before it is cleaned away: longer than
 * any month, since the SMS cap counts the month's sent rows (features/sms).
 */
export const OUTBOX_KEEP_DAYS = 35;

/** How many times a send is tried before the row is marked failed for the administrator. */
export const OUTBOX_MAX_ATTEMPTS = 6;

/**
 * The wait before try `attempt` + 1 after `attempt` failed: 1 min, 4 min, 16 min… capped at
 * 6 hours, so a gateway down for a morning is tried again through the day, not hammered.
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempt - 1), 6 * 3_600_000);
}

/** A phone number as gateways take it: '+' and 8 to 15 digits (E.164). */
export const PHONE_NUMBER = /^\+[1-9]\d{7,14}$/;

/** A phone number typed with spaces, dashes or brackets, in E.164; undefined when it is not one. */
export function phoneNumber(typed: string): string | undefined {
  const compact = typed.replace(/[\s().-]/g, '');
  return PHONE_NUMBER.test(compact) ? compact : undefined;
}

/**
 * What may be a phone number before it is read in the academy's country (issue 49): digits,
 * with '+' or '00' first for a country code, and spaces, dashes, dots or brackets between.
 * The schemas take such text; the server reads it (contract/src/phone.ts readPhone).
 */
export function mayBePhone(typed: string): boolean {
  return /^(\+|00)?\d{4,17}$/.test(typed.replace(/[\s().-]/g, ''));
}

/**
 * Each phone field's number as the server asks for it again in the academy's country (issue
 * 49; contract/src/phone.ts phoneWords): what it is, and the words it has always had for a
 * number without its country code (the words when the academy has no country). Here, not in
 * the schemas, so the web's forms take them without zod.
 */
export const GUARDIAN_PHONE = {
  subject: "the guardian's phone number",
  fallback:
    "Please enter the guardian's phone number with + and the country code, such as +44 7700 900123.",
};
export const OWN_PHONE = {
  subject: 'the mobile number',
  fallback: 'Please enter the mobile number with its country code, such as +44 7700 900123.',
};
export const TEST_PHONE = {
  subject: 'the phone number',
  fallback: 'Please enter the phone number with + and the country code, such as +44 7700 900123.',
};

/** The SMS gateway's methods (issue 31, point 4): any provider that takes an HTTP request. */
export const SMS_METHODS = ['POST', 'GET'] as const;
/** How the placeholders' values are written into the body: JSON-escaped, or form-encoded. */
export const SMS_CONTENT_TYPES = ['json', 'form'] as const;
export type SmsContentType = (typeof SMS_CONTENT_TYPES)[number];

/** The placeholders a template may hold: the number, the text, and the letter's own key. */
export const SMS_PLACEHOLDERS = ['to', 'text', 'id'] as const;

/**
 * A header line's value as answers show it: header values are kept sealed and never answered
 * (an API key is one), so the Settings form shows `Name: [kept]`, as it shows a kept SMTP
 * password, and a line sent back with this value keeps the value kept under that name.
 */
export const KEPT_HEADER = '[kept]';

/**
 * The screen a message opens (a push tapped, an e-mail's link), as a path of the web app. The
 * web app's notificationTarget leads to the same screens (a test there keeps them in step).
 */
export function messagePath(topic: NotificationTopic | 'assignment' | null, refId: number | null) {
  switch (topic) {
    case null:
      return '/notification';
    case 'correction':
    case 'spoken_reply':
      return '/assignment-results';
    case 'teacher_cards':
      return '/cardlibrary';
    case 'attendance':
      return '/schedule';
    case 'results':
      return '/results';
    case 'exam_mark':
      return '/exam-page';
    case 'skill_mark':
      return '/skill-builder';
    case 'quiz_mark':
      return '/my-quizzes';
    case 'payment':
      return '/my-payments';
    case 'reminder':
    case 'assignment':
      return refId === null ? '/download-assignment' : `/download-assignment?assignment=${refId}`;
  }
}
