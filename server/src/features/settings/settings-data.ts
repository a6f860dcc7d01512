import { type BrandingImage, DEFAULT_REMINDER_LEAD_HOURS } from '@academy/contract/constants';
import { guardianKindsFrom } from '@academy/contract/messages';
import { DEFAULT_ROLL_RULES, type RollRules, rollRulesProblem } from '@academy/contract/roll-rules';
import type { Currency } from '@academy/contract/tuition/money';
import { countryOfZone } from '@academy/contract/zone-country';
import type { Config } from '../../config.js';
import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import type { AcademySettingsTable } from '../../db/schema.js';
import type { OutboxSetup } from '../../domain/tell.js';
import { deleteFileRows, recordFiles } from '../../files/files-data.js';
import type { ReceivedFile } from '../../files/uploads.js';
import { conflict } from '../../http/errors.js';

/**
 * The academy's settings: one row (migration 0008), whose nulls mean "the default": the
 * environment's value, or the image the web app ships (web/public/branding).
 */

const imageColumn = {
  logo: 'logo_file_id',
  login_background: 'login_background_file_id',
  home_background: 'home_background_file_id',
} as const satisfies Record<BrandingImage, keyof AcademySettingsTable>;

/** The images the web app ships, relative to the site root. */
export const DEFAULT_IMAGES: Record<BrandingImage, string> = {
  logo: '/branding/logo.webp',
  login_background: '/branding/login-background.webp',
  home_background: '/branding/user-background.webp',
};

/** Where an administrator's image is served, to anyone (the login screen shows it first). */
export const customImageUrl = (image: BrandingImage, fileId: number) =>
  `/api/branding/${image}/${fileId}`;

/** The settings in force: what was saved, else the default. */
export interface Settings {
  academyName: string;
  timeZone: string;
  /**
   * Whether an administrator has confirmed the time zone once: until then, their screens open
   * on the time-zone step, since every time they type is read on the academy's clock.
   */
  timeZoneConfirmed: boolean;
  onlineClassUrl: string;
  websiteUrl: string;
  /** As saved ('' when the default applies), for the settings screen. */
  saved: { onlineClassUrl: string; websiteUrl: string };
  /** The stored file of each image an administrator set; null: the default. */
  images: Record<BrandingImage, number | null>;
  /** No popup sound from one to the other, in the academy's time zone; null: none. */
  quietHours: { from: string; to: string } | null;
  /** Hours before a due time that students who have not handed in are reminded; 0: never. */
  reminderLeadHours: number;
  /** The roll's rules (issue 29): the academy's, else the defaults. */
  rollRules: RollRules;
  /**
   * The academy's public address (`https://academy.example`): the one an administrator last
   * saved the Settings from, never the address of whoever asks (a Host header is theirs to
   * write); null until one is saved. A certificate's link and QR lead there (issue 48).
   */
  publicOrigin: string | null;
  /** The academy's country as saved (ISO 3166 alpha-2, issue 49); null: none saved. */
  country: string | null;
  /**
   * The country local phone numbers are read in: the saved one, else the one the time zone
   * suggests (contract/src/zone-country.ts); null: none (numbers need their country code).
   */
  phoneCountry: string | null;
  /** Whether ACADEMY_TZ names the zone: the first sign-in's question is prefilled with it. */
  timeZoneFromEnvironment: boolean;
  /** The director's name on report cards (issue 49, point 12); null: none set. */
  directorName: string | null;
  /** The stored file of the academy's stamp on report cards (a PNG or JPEG); null: none. */
  stampFileId: number | null;
  /** What decides the channels a message is queued for (issue 31; domain/tell.ts). */
  outbox: OutboxSetup;
  /** The academy's currency (issue 52); null until an administrator saves one. */
  currency: Currency | null;
}

export type SettingsDefaults = Pick<
  Settings,
  'academyName' | 'timeZone' | 'onlineClassUrl' | 'websiteUrl'
> & { timeZoneGiven?: boolean };

export const defaultsOf = (config: Config): SettingsDefaults => ({
  academyName: config.ACADEMY_NAME,
  timeZone: config.ACADEMY_TZ,
  onlineClassUrl: config.ONLINE_CLASS_URL,
  websiteUrl: config.WEBSITE_URL,
  timeZoneGiven: config.ACADEMY_TZ_GIVEN ?? false,
});

/** The settings in force now, read from the database. */
export async function readSettings(db: Db, defaults: SettingsDefaults): Promise<Settings> {
  const row = await db
    .selectFrom('academy_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    academyName: row?.academy_name ?? defaults.academyName,
    timeZone: row?.time_zone ?? defaults.timeZone,
    timeZoneConfirmed: row?.time_zone_confirmed_at != null,
    onlineClassUrl: row?.online_class_url ?? defaults.onlineClassUrl,
    websiteUrl: row?.website_url ?? defaults.websiteUrl,
    saved: { onlineClassUrl: row?.online_class_url ?? '', websiteUrl: row?.website_url ?? '' },
    images: {
      logo: row?.logo_file_id ?? null,
      login_background: row?.login_background_file_id ?? null,
      home_background: row?.home_background_file_id ?? null,
    },
    quietHours:
      row?.quiet_hours_from && row.quiet_hours_to
        ? { from: row.quiet_hours_from, to: row.quiet_hours_to }
        : null,
    reminderLeadHours: row?.reminder_lead_hours ?? DEFAULT_REMINDER_LEAD_HOURS,
    rollRules: rollRulesOf(row?.roll_rules ?? null),
    publicOrigin: row?.public_origin ?? null,
    country: row?.country ?? null,
    phoneCountry: row?.country ?? countryOfZone(row?.time_zone ?? defaults.timeZone),
    timeZoneFromEnvironment: defaults.timeZoneGiven ?? false,
    directorName: row?.director_name ?? null,
    stampFileId: row?.stamp_file_id ?? null,
    outbox: {
      email: Boolean(row?.email_settings),
      sms: Boolean(row?.sms_gateway),
      guardianKinds: guardianKindsFrom(row?.guardian_kinds ?? null),
    },
    currency:
      row?.currency_code && row.currency_name && row.currency_decimals != null
        ? { code: row.currency_code, name: row.currency_name, decimals: row.currency_decimals }
        : null,
  };
}

/**
 * The saved rules, or the defaults when none are saved or what is saved is not a set the
 * rules accept (save_settings refuses such a set, so only a hand-edited row could hold one).
 */
function rollRulesOf(saved: string | null): RollRules {
  if (saved === null) return DEFAULT_ROLL_RULES;
  try {
    const rules = JSON.parse(saved) as RollRules;
    return rollRulesProblem(rules) === null ? rules : DEFAULT_ROLL_RULES;
  } catch {
    return DEFAULT_ROLL_RULES;
  }
}

/** The address an image shows from now: the administrator's, else the default. */
export function imageUrl(settings: Settings, image: BrandingImage): string {
  const fileId = settings.images[image];
  return fileId === null ? DEFAULT_IMAGES[image] : customImageUrl(image, fileId);
}

export interface SettingsChange {
  academyName?: string | undefined;
  timeZone?: string | undefined;
  /** '' puts the default back. */
  onlineClassUrl?: string | undefined;
  websiteUrl?: string | undefined;
  /** New quiet hours; null turns them off. */
  quietHours?: { from: string; to: string } | null | undefined;
  reminderLeadHours?: number | undefined;
  rollRules?: RollRules | undefined;
  /** The address the administrator saved from (`https://academy.example`). */
  publicOrigin?: string | undefined;
  /** The academy's country (ISO 3166 alpha-2), checked by the caller. */
  country?: string | null | undefined;
  /** The director's name; '' clears it. */
  directorName?: string | undefined;
  /** The academy's currency, checked by the caller (currencyProblem). */
  currency?: Currency | undefined;
  /** A new stamp (received in this request), or null to take it off. */
  stamp?: ReceivedFile | null | undefined;
  /** Images put back to the default. */
  useDefault: readonly BrandingImage[];
  /** New images, received in this request (at most one per image). */
  uploads: readonly (ReceivedFile & { field: BrandingImage })[];
}

/**
 * Saves a change in one transaction: the new images' rows, the settings row, and the rows of
 * the images no longer in use, whose storage keys it answers (their bytes go after the
 * commit, as everywhere: never a row without its bytes).
 */
export async function saveSettings(
  db: Db,
  change: SettingsChange,
  by: number,
  now: number,
): Promise<{ unusedKeys: string[] }> {
  return db.transaction().execute(async (trx) => {
    // Two administrators replacing the logo at once must not both keep the old one's id and
    // leave the other's new file behind: the row is locked on PostgreSQL (SQLite writes one
    // transaction at a time).
    const select = trx.selectFrom('academy_settings').selectAll().where('id', '=', 1);
    const current = await heldOnPostgres(db, select, (q) =>
      q.forUpdate(),
    ).executeTakeFirstOrThrow();
    const stamp = change.stamp ? [change.stamp] : [];
    const fileIds = await recordFiles(trx, [...change.uploads, ...stamp], by, now);
    const set: Partial<AcademySettingsTable> = { updated_at: now, updated_by: by };
    if (change.academyName !== undefined) set.academy_name = change.academyName;
    // Saving a zone, the same or another, is confirming it.
    if (change.timeZone !== undefined) {
      set.time_zone = change.timeZone;
      if (current.time_zone_confirmed_at === null) set.time_zone_confirmed_at = now;
    }
    if (change.onlineClassUrl !== undefined)
      set.online_class_url = change.onlineClassUrl === '' ? null : change.onlineClassUrl;
    if (change.websiteUrl !== undefined)
      set.website_url = change.websiteUrl === '' ? null : change.websiteUrl;
    if (change.quietHours !== undefined) {
      set.quiet_hours_from = change.quietHours?.from ?? null;
      set.quiet_hours_to = change.quietHours?.to ?? null;
    }
    if (change.reminderLeadHours !== undefined) set.reminder_lead_hours = change.reminderLeadHours;
    if (change.rollRules !== undefined) set.roll_rules = JSON.stringify(change.rollRules);
    if (change.publicOrigin !== undefined) set.public_origin = change.publicOrigin;
    if (change.country !== undefined) set.country = change.country;
    if (change.currency !== undefined) {
      if (
        current.currency_decimals !== null &&
        current.currency_decimals !== change.currency.decimals &&
        (await moneyIsRecorded(trx))
      )
        throw conflict(
          `The currency’s decimals cannot change from ${current.currency_decimals} to ` +
            `${change.currency.decimals} once money is recorded: every amount would change ` +
            'its meaning. The code and name may still change.',
        );
      set.currency_code = change.currency.code;
      set.currency_name = change.currency.name;
      set.currency_decimals = change.currency.decimals;
    }
    const replaced: number[] = [];
    const put = (image: BrandingImage, fileId: number | null) => {
      const column = imageColumn[image];
      const old = current[column];
      if (old !== null && old !== fileId) replaced.push(old);
      set[column] = fileId;
    };
    for (const image of change.useDefault) put(image, null);
    for (const [i, upload] of change.uploads.entries()) put(upload.field, fileIds[i] ?? null);
    if (change.directorName !== undefined)
      set.director_name = change.directorName === '' ? null : change.directorName;
    if (change.stamp !== undefined) {
      const stampId = change.stamp ? (fileIds[change.uploads.length] ?? null) : null;
      if (current.stamp_file_id !== null && current.stamp_file_id !== stampId)
        replaced.push(current.stamp_file_id);
      set.stamp_file_id = stampId;
    }
    await trx.updateTable('academy_settings').set(set).where('id', '=', 1).execute();
    return { unusedKeys: await deleteFileRows(trx, replaced) };
  });
}

/**
 * Whether any amount is kept in the academy's currency (issue 52): a fee plan or a ledger row,
 * whose whole numbers of the minor unit would mean ten or a hundred times more or less if the
 * decimals changed. Read here, in the save's transaction, rather than through the tuition
 * feature: the settings own the currency, and this is the one question they ask of the money.
 */
async function moneyIsRecorded(db: Db): Promise<boolean> {
  const plan = await db.selectFrom('fee_plans').select('id').limit(1).executeTakeFirst();
  if (plan) return true;
  const row = await db.selectFrom('ledger_rows').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The stored file of an image, if it is the one in use: only that file is public, never
 * another stored file by its id.
 */
export async function brandingImageFile(db: Db, image: BrandingImage, fileId: number) {
  return db
    .selectFrom('academy_settings as s')
    .innerJoin('stored_files as f', 'f.id', `s.${imageColumn[image]}`)
    .select(['f.id', 'f.storage_key', 'f.mime_type', 'f.size_bytes'])
    .where('s.id', '=', 1)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}

/**
 * The settings in force, kept in memory: every branding call, the day's turning and every
 * message queued read them, so none of them waits for the database. Reloaded after a save on
 * this instance (the settings, e-mail, the SMS gateway, the guardians' kinds) and, on
 * PostgreSQL, when another instance says it saved (the live cluster's 'settings' change).
 */
export class SettingsCache {
  private value: Settings | undefined;
  private latest = 0;

  constructor(
    private readonly db: Db,
    readonly defaults: SettingsDefaults,
  ) {}

  get current(): Settings {
    if (!this.value) throw new Error('The settings were read before they were loaded.');
    return this.value;
  }

  /** Reads the settings again; of reloads that overlap, the one started last wins. */
  async reload(): Promise<Settings> {
    const mine = ++this.latest;
    const read = await readSettings(this.db, this.defaults);
    if (mine === this.latest) this.value = read;
    return this.current;
  }
}

/** The academy's stamp as stored, if one is set: what a report card draws. */
export async function stampFile(db: Db, fileId: number) {
  return db
    .selectFrom('academy_settings as s')
    .innerJoin('stored_files as f', 'f.id', 's.stamp_file_id')
    .select(['f.id', 'f.storage_key', 'f.mime_type', 'f.size_bytes'])
    .where('s.id', '=', 1)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}
