import { type Gender, GREETING_COOKIE, type RoleName } from '@academy/contract/constants';

/**
 * The stored login, as the spec keeps it in the browser: `admin_token` and a `user` object
 * {id, name, username, role, gender, token} in localStorage.
 */
export interface StoredUser {
  id: number;
  name: string;
  username: string;
  role: RoleName;
  gender: Gender | string;
  token: string;
}

const USER_KEY = 'user';
const TOKEN_KEY = 'admin_token';

/** The stored user, or null when there is none or it cannot be read. */
export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!user || typeof user.id !== 'number' || typeof user.token !== 'string') return null;
    return user as StoredUser;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return readStoredUser()?.token ?? localStorage.getItem(TOKEN_KEY);
}

export function storeLogin(user: StoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(TOKEN_KEY, user.token);
}

export function clearLogin(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(TOKEN_KEY);
  rememberGreeting(null);
}

/**
 * Lets the server draw the home's greeting with the student's name before any script runs
 * (server/src/features/branding/web-page.ts): the home screen remembers it as it greets, and
 * signing out forgets it. The cookie goes only with the home page's own request, and holds
 * nothing but the name this browser already shows.
 */
export function rememberGreeting(name: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // The Cookie Store API is not in every browser a student has (Firefox, older Safari).
  // biome-ignore lint/suspicious/noDocumentCookie: the one cookie the app writes, here only.
  document.cookie = `${GREETING_COOKIE}=${encodeURIComponent(name ?? '')}; Path=/user; SameSite=Strict; Max-Age=${name ? 31_536_000 : 0}${secure}`;
}

/**
 * Where a role lives: 'admin' at the dashboard, 'teacher' at the teacher's home (issue 29),
 * anything else at the student panel.
 */
export function homeFor(role: string): '/admin' | '/teacher' | '/user' {
  if (role === 'admin') return '/admin';
  return role === 'teacher' ? '/teacher' : '/user';
}

/** Who hears that the server ended the session (the root layout), and news none heard yet. */
const sessionEndListeners = new Set<() => void>();
let isEndUnheard = false;

/**
 * The server ended this session (a refused call, or the live stream's 'ended'): the stored
 * login goes at once, so no later call carries it, and the app hears it, forgets the rest of
 * the session and goes to the login screen. News that comes before anyone listens (the live
 * stream opens as the app starts, before its first screen) is kept for the first to listen.
 */
export function endSession(): void {
  clearLogin();
  if (sessionEndListeners.size === 0) isEndUnheard = true;
  for (const listener of sessionEndListeners) listener();
}

/** Calls `listener` when the server ends the session, at once if it already has, unheard. */
export function whenSessionEnds(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  if (isEndUnheard) {
    isEndUnheard = false;
    listener();
  }
  return () => {
    sessionEndListeners.delete(listener);
  };
}
