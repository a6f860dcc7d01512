import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { PageBranding } from '@academy/contract';
import {
  GREETING_COOKIE,
  PAGE_ASSETS_FILE,
  PAGE_BRANDING_ELEMENT_ID,
  PAGE_SHELL_ELEMENT_ID,
  type PageAssets,
  type PageShell,
} from '@academy/contract/constants';
import { imageUrl, type Settings } from '../settings/settings-data.js';

/** Where the built index.html takes the page's own part (web/index.html). */
export const PAGE_MARKER = '<!--academy-page-->';

/** What the four branding calls answer now: the calls and the page say the same. */
export function brandingAnswers(settings: Settings): PageBranding {
  return {
    logo: { logoUrl: imageUrl(settings, 'logo') },
    loginBackground: { backgroundUrl: imageUrl(settings, 'login_background') },
    userBackground: { userbg_url: imageUrl(settings, 'home_background') },
    appConfig: {
      academyName: settings.academyName,
      onlineClassUrl: settings.onlineClassUrl,
      websiteUrl: settings.websiteUrl,
      timeZone: settings.timeZone,
      timeZoneConfirmed: settings.timeZoneConfirmed,
      quietHours: settings.quietHours,
      country: settings.phoneCountry,
      timeZoneFromEnvironment: settings.timeZoneFromEnvironment,
    },
  };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text or an attribute's value, safe inside HTML. */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/**
 * JSON safe inside a script element: no '<' (so no '</script>' or '<!--'), and the two line
 * separators JavaScript once refused in strings.
 */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The login screen's "Forgot password?" (issue 31), drawn where the app draws it, so nothing
 * moves when the app takes over: a real link (tapped before the scripts have run, it opens
 * the screen as the app's would; web/src/shared/paths.ts forgotPassword), kept out of the
 * keyboard's order like the rest of the shell, which screen readers do not see either.
 */
const FORGOT_LINK =
  '<a class="page-shell-forgot" href="/forgot-password" tabindex="-1">Forgot password?</a>';

/** The screens a first visit most often opens, which get a drawn shell. */
const shellOf = (pathname: string): PageShell | null =>
  pathname === '/login' ? 'login' : pathname === '/user' ? 'home' : null;

/**
 * A drawn shell of the screen, in plain HTML styled by the app's first stylesheet
 * (web/src/app/page-shell.css): painted as soon as the page and that stylesheet arrive,
 * before any script, and taken away by the app in the same frame as it draws the screen
 * (web/src/shared/page-shell.ts). Hidden from screen readers: the real screen follows at once.
 */
function shellHtml(shell: PageShell, branding: PageBranding): string {
  const name = html(branding.appConfig.academyName);
  const id = `id="${PAGE_SHELL_ELEMENT_ID}" aria-hidden="true"`;
  if (shell === 'login') {
    return `<div ${id} class="page-shell page-shell-login" style="background-image:url('${html(branding.loginBackground.backgroundUrl)}')"><div class="page-shell-panel"><img class="page-shell-logo" src="${html(branding.logo.logoUrl)}" width="72" height="72" alt=""><p class="page-shell-academy">${name}</p><h1 class="page-shell-heading">Welcome back!</h1><p class="page-shell-lead">Log in to continue your learning.</p><div class="page-shell-form"></div>${FORGOT_LINK}</div></div>`;
  }
  return `<div ${id} class="page-shell"><div class="page-shell-hero" style="background-image:url('${html(branding.userBackground.userbg_url)}')"><div class="page-shell-hero-inner"><span class="page-shell-avatar"></span><div><p class="page-shell-hero-academy">${name}</p><h1 class="page-shell-greeting">${GREETING_SLOT}</h1><p class="page-shell-hero-lead">Welcome to your user panel.</p></div></div></div></div>`;
}

/** Where the home shell's greeting goes: the student's own, or an empty line of its height. */
const GREETING_SLOT = '<!--greeting-->';
const NO_GREETING = '&nbsp;';
/** No name is longer than this; a longer cookie is not ours. */
const GREETING_NAME_MAX = 200;

/**
 * The name the browser keeps for the home's greeting (GREETING_COOKIE, written by the home
 * screen as it greets, cleared with the stored login), or null. It is the browser's own,
 * drawn only into its own page, and escaped like any text.
 */
export function greetingName(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [key, ...value] = part.split('=');
    if (key?.trim() !== GREETING_COOKIE) continue;
    try {
      const name = decodeURIComponent(value.join('=').trim()).trim();
      return name && name.length <= GREETING_NAME_MAX ? name : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * What the page says in its head beyond the build's index.html, for a drawn screen:
 * - the entry's stylesheet written into the page, so its first paint waits for no other file;
 * - the shell's background asked for first: in a style attribute it would be found only once
 *   the page is laid out, and on a phone it is the largest thing drawn;
 * - the screen's own scripts asked for at once, alongside the entry, instead of after it has
 *   run (its stylesheets follow the shell: stylesAfterShell);
 * - every script at low priority: the drawn screen needs none of them to be painted, so the
 *   browser fetches what it paints first (bench:lighthouse's first paint counts every script
 *   fetched at high priority before it). The entry still comes before the screen's chunks,
 *   which wait for it anyway.
 */
function headFor(template: string, assets: BuildAssets, shell: PageShell, branding: PageBranding) {
  let head = template.replace(
    /<script type="module"/g,
    '<script type="module" fetchpriority="low"',
  );
  head = head.replace(
    /<link rel="modulepreload"/g,
    '<link rel="modulepreload" fetchpriority="low"',
  );
  for (const [file, css] of assets.entryCss) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${escapeRegExp(file)}"[^>]*>`);
    // The disabled link beside it is never fetched: it tells Vite's loader, which looks for a
    // stylesheet's link before adding one, that the page has this one. Every chunk that
    // imports from the entry lists the entry's stylesheet; without the link, the first screen
    // loaded through the signed-in routes asked for it again, and the browser read it and
    // restyled the whole page a second time (bench:lighthouse, issue 50 point 7).
    head = head.replace(
      link,
      () => `<style>${css}</style><link rel="stylesheet" href="/${html(file)}" disabled>`,
    );
  }
  const background =
    shell === 'login' ? branding.loginBackground.backgroundUrl : branding.userBackground.userbg_url;
  const own = assets.files.shells[shell];
  const links = [
    `<link rel="preload" as="image" fetchpriority="high" href="${html(background)}">`,
    ...(own?.scripts ?? []).map(
      (f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${html(f)}">`,
    ),
  ].join('');
  return head.replace('</head>', () => `${links}</head>`);
}

/**
 * The drawn screen's own stylesheets, as stylesheets in the body after the shell: the shell's
 * paint does not wait for them (one in the body holds back only what follows it), and the
 * app, asking for the screen's chunk, finds them applied and adds none. Asked for as preloads,
 * they became stylesheets only when the app added its own links as it started the router, and
 * the browser then read all of them inside that one task (bench:lighthouse's blocking time).
 */
function stylesAfterShell(assets: BuildAssets, shell: PageShell): string {
  return (assets.files.shells[shell]?.styles ?? [])
    .map((f) => `<link rel="stylesheet" crossorigin href="/${html(f)}">`)
    .join('');
}

/**
 * The tab's title is the academy's name (Settings), as the installed app's name is (the
 * manifest): the build's title is only the default's. The app keeps it in step after a
 * change (web/src/app/app-extras.tsx).
 */
const withTitle = (page: string, academyName: string) =>
  page.replace(/<title>[^<]*<\/title>/, () => `<title>${html(academyName)}</title>`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the build wrote for the server (PAGE_ASSETS_FILE), with the entry's styles read. */
interface BuildAssets {
  files: PageAssets;
  entryCss: [file: string, css: string][];
}

/**
 * The build's page assets, or none when it has not written them (an older build) or they
 * cannot be read whole (a build being copied in): the page is then the build's as it is.
 */
async function readBuildAssets(dist: string): Promise<BuildAssets> {
  const none: BuildAssets = { files: { entryCss: [], shells: {} }, entryCss: [] };
  try {
    const files = JSON.parse(
      await readFile(path.join(dist, PAGE_ASSETS_FILE), 'utf8'),
    ) as PageAssets;
    const entryCss: [string, string][] = [];
    for (const file of files.entryCss) {
      const css = await readFile(path.join(dist, file), 'utf8');
      // A style element ends at the first '</style': a stylesheet that says it stays a link.
      if (/<\/style/i.test(css)) return none;
      entryCss.push([file, css]);
    }
    return { files, entryCss };
  } catch {
    return none;
  }
}

/** A page as sent: as it is, and Brotli-compressed (the build's files are, too). */
export interface WebPage {
  html: string;
  br: Buffer;
  /** It greets one student by name: for that browser only, never a shared cache. */
  personal?: boolean;
}

/** A page made for some settings: sent as it is, or with the home's greeting written in. */
interface MadePage {
  withSlot: string;
  page: WebPage;
}

const sent = (text: string, quality: number): WebPage => ({
  html: text,
  br: brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }),
});

/**
 * The page the server sends for a screen of the web app: the built index.html with the
 * branding calls' answers in it (the app's branding queries start from them, so no screen
 * waits for them) and, for the login and student home screens, a drawn shell. One page per
 * settings and shell, kept until the settings or the build change; the home's greeting is
 * written into it per request.
 */
export class WebPages {
  private pages = new WeakMap<Settings, Map<PageShell | 'none', MadePage>>();
  private template = '';
  private assets: BuildAssets | undefined;
  /** The built page's modification time when it was read: a new build is read again. */
  private readAt = Number.NaN;

  /** `indexFile`: the built index.html, read on first use and again whenever it changes. */
  constructor(private readonly indexFile: string) {}

  /**
   * The page for `pathname`, or null when the build has no marker (an older build) or is not
   * there: it is sent as a file, as it is. The build may be replaced under a running server
   * (an update deployed while browsers hold the old one): its time is checked on every page,
   * one stat per navigation, never per call. `cookies`: the request's Cookie header, which
   * may hold the name the home greets (GREETING_COOKIE).
   */
  async render(pathname: string, settings: Settings, cookies?: string): Promise<WebPage | null> {
    // Missing for a moment while a build is copied in: sent as a file, as before (a 404).
    const found = await stat(this.indexFile).catch(() => null);
    if (!found) return null;
    const { mtimeMs } = found;
    if (mtimeMs !== this.readAt) {
      this.template = await readFile(this.indexFile, 'utf8');
      this.assets = await readBuildAssets(path.dirname(this.indexFile));
      this.readAt = mtimeMs;
      this.pages = new WeakMap();
    }
    if (!this.template.includes(PAGE_MARKER) || !this.assets) return null;
    const shell = shellOf(pathname);
    let forSettings = this.pages.get(settings);
    if (!forSettings) {
      forSettings = new Map();
      this.pages.set(settings, forSettings);
    }
    const key = shell ?? 'none';
    let made = forSettings.get(key);
    if (made === undefined) {
      const branding = brandingAnswers(settings);
      const drawn = shell ? shellHtml(shell, branding) + stylesAfterShell(this.assets, shell) : '';
      const part = `<script type="application/json" id="${PAGE_BRANDING_ELEMENT_ID}">${scriptJson(branding)}</script>${drawn}`;
      const built = shell ? headFor(this.template, this.assets, shell, branding) : this.template;
      const template = withTitle(built, branding.appConfig.academyName);
      const withSlot = template.replace(PAGE_MARKER, () => part);
      made = { withSlot, page: sent(withSlot.replace(GREETING_SLOT, NO_GREETING), 11) };
      forSettings.set(key, made);
    }
    const name = shell === 'home' ? greetingName(cookies) : null;
    // One student's page, made as it is asked for: compressed quickly rather than smallest.
    if (name) {
      const text = made.withSlot.replace(GREETING_SLOT, () => `Hello, ${html(name)}!`);
      return { ...sent(text, 5), personal: true };
    }
    return made.page;
  }
}
