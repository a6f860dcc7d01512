import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import type { PageBranding } from '@academy/contract';
import { PAGE_BRANDING_ELEMENT_ID, PAGE_SHELL_ELEMENT_ID } from '@academy/contract/constants';
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
      quietHours: settings.quietHours,
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

type Shell = 'login' | 'home';

/** The screens a first visit most often opens, which get a drawn shell. */
const shellOf = (pathname: string): Shell | null =>
  pathname === '/login' ? 'login' : pathname === '/user' ? 'home' : null;

/**
 * A drawn shell of the screen, in plain HTML styled by the app's first stylesheet
 * (web/src/app/page-shell.css): painted as soon as the page and that stylesheet arrive,
 * before any script, and taken away by the app in the same frame as it draws the screen
 * (web/src/app/page-shell.ts). Hidden from screen readers: the real screen follows at once.
 */
function shellHtml(shell: Shell, branding: PageBranding): string {
  const name = html(branding.appConfig.academyName);
  const id = `id="${PAGE_SHELL_ELEMENT_ID}" aria-hidden="true"`;
  if (shell === 'login') {
    return `<div ${id} class="page-shell page-shell-login" style="background-image:url('${html(branding.loginBackground.backgroundUrl)}')"><div class="page-shell-panel"><img class="page-shell-logo" src="${html(branding.logo.logoUrl)}" width="72" height="72" alt=""><p class="page-shell-academy">${name}</p><h1 class="page-shell-heading">Welcome back!</h1><p class="page-shell-lead">Log in to continue your learning.</p><div class="page-shell-form"></div></div></div>`;
  }
  return `<div ${id} class="page-shell"><div class="page-shell-hero" style="background-image:url('${html(branding.userBackground.userbg_url)}')"><div class="page-shell-hero-inner"><span class="page-shell-avatar"></span><div><p class="page-shell-hero-academy">${name}</p><p class="page-shell-greeting">&nbsp;</p><p class="page-shell-hero-lead">Welcome to your user panel.</p></div></div></div></div>`;
}

/** A page as sent: as it is, and Brotli-compressed once (the build's files are, too). */
export interface WebPage {
  html: string;
  br: Buffer;
}

/**
 * The page the server sends for a screen of the web app: the built index.html with the
 * branding calls' answers in it (the app's branding queries start from them, so no screen
 * waits for them) and, for the login and student home screens, a drawn shell. One page per
 * settings and shell, kept until the settings or the build change.
 */
export class WebPages {
  private pages = new WeakMap<Settings, Map<Shell | 'none', WebPage>>();
  private template = '';
  /** The built page's modification time when it was read: a new build is read again. */
  private readAt = Number.NaN;

  /** `indexFile`: the built index.html, read on first use and again whenever it changes. */
  constructor(private readonly indexFile: string) {}

  /**
   * The page for `pathname`, or null when the build has no marker (an older build) or is not
   * there: it is sent as a file, as it is. The build may be replaced under a running server
   * (an update deployed while browsers hold the old one): its time is checked on every page,
   * one stat per navigation, never per call.
   */
  async render(pathname: string, settings: Settings): Promise<WebPage | null> {
    // Missing for a moment while a build is copied in: sent as a file, as before (a 404).
    const found = await stat(this.indexFile).catch(() => null);
    if (!found) return null;
    const { mtimeMs } = found;
    if (mtimeMs !== this.readAt) {
      this.template = await readFile(this.indexFile, 'utf8');
      this.readAt = mtimeMs;
      this.pages = new WeakMap();
    }
    if (!this.template.includes(PAGE_MARKER)) return null;
    const shell = shellOf(pathname);
    let forSettings = this.pages.get(settings);
    if (!forSettings) {
      forSettings = new Map();
      this.pages.set(settings, forSettings);
    }
    const key = shell ?? 'none';
    let page = forSettings.get(key);
    if (page === undefined) {
      const branding = brandingAnswers(settings);
      const part = `<script type="application/json" id="${PAGE_BRANDING_ELEMENT_ID}">${scriptJson(branding)}</script>${shell ? shellHtml(shell, branding) : ''}`;
      const html = this.template.replace(PAGE_MARKER, () => part);
      page = { html, br: brotliCompressSync(html) };
      forSettings.set(key, page);
    }
    return page;
  }
}
