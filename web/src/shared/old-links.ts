import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { screenRoute } from './lazy';
import { linkParams } from './paths';

/**
 * A route's loader for the links made before its records had routes of their own
 * (`/classes?id=5`, `/sent-items?id=7`, in bookmarks, history and links already sent): such a
 * link goes on to the record's route, replacing the old address. Other visits load as before.
 */
export function fromOldIdLink(to: (id: number) => string) {
  return ({ request }: LoaderFunctionArgs) => {
    const id = new URL(request.url).searchParams.get(linkParams.id);
    return id && /^\d+$/.test(id) ? redirect(to(Number(id))) : null;
  };
}

/**
 * The route of an admin's list whose records now have pages of their own (classes, sent
 * items): its old `?id=` links go on to the record's page.
 */
export const listRouteWithOldIdLinks = (
  path: string,
  load: () => Promise<{ default: ComponentType }>,
  recordHref: (id: number) => string,
) => screenRoute(path, 'live', load, fromOldIdLink(recordHref));
