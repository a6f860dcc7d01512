import type { PageBranding } from '@academy/contract';
import { PAGE_BRANDING_ELEMENT_ID, PAGE_SHELL_ELEMENT_ID } from '@academy/contract/constants';
import { useLayoutEffect } from 'react';

/**
 * The page the server sent (server/src/features/branding/web-page.ts) may carry the branding
 * calls' answers and a drawn shell of the first screen. Both are read or removed here only.
 */

let branding: PageBranding | null | undefined;

const isText = (value: unknown): value is string => typeof value === 'string';
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Whether the page's JSON has the shape of the contract's PageBranding. Checked by hand, not
 * with its zod schema: zod and the schemas would weigh on the first screen more than the
 * calls this saves (the login budget, bench/size.mjs). The server writes it from the same
 * type; this only guards against a page that is not ours.
 */
function isPageBranding(value: unknown): value is PageBranding {
  const config = field(value, 'appConfig');
  return (
    isText(field(field(value, 'logo'), 'logoUrl')) &&
    isText(field(field(value, 'loginBackground'), 'backgroundUrl')) &&
    isText(field(field(value, 'userBackground'), 'userbg_url')) &&
    ['academyName', 'onlineClassUrl', 'websiteUrl', 'timeZone'].every((key) =>
      isText(field(config, key)),
    ) &&
    field(config, 'quietHours') !== undefined
  );
}

/**
 * The branding the page came with; null when it has none (the offline worker's copy of the
 * page, or an older server), which leaves the queries to ask.
 */
export function pageBranding(): PageBranding | null {
  if (branding !== undefined) return branding;
  const text = document.getElementById(PAGE_BRANDING_ELEMENT_ID)?.textContent;
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  branding = isPageBranding(parsed) ? parsed : null;
  return branding;
}

/**
 * Takes the drawn shell away as the first screen is drawn: in a layout effect, before the
 * browser paints that screen, so the shell and the screen are never seen together. Called
 * through app/first-screen.ts's useFirstScreenDrawn, by every element the router may draw
 * first (the root layout, and the error screen that replaces it when a screen cannot load).
 */
export function useRemovePageShell(): void {
  useLayoutEffect(() => {
    document.getElementById(PAGE_SHELL_ELEMENT_ID)?.remove();
  }, []);
}
