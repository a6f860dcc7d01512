import {
  KEPT_HEADER,
  type SMS_METHODS,
  SMS_PLACEHOLDERS,
  type SmsContentType,
} from '@academy/contract/messages';
import { hostRefusal, isOwnNetwork, type Reach, refusalSentence } from '../../http/addresses.js';

/**
 * The SMS gateway's rules (issue 31, point 4), pure: what a saved gateway is, the checks a
 * save passes, and the request one SMS becomes. The gateway is any provider's HTTP API: the
 * administrator writes where the number, the text and the letter's key go.
 */

export interface SmsGateway {
  method: (typeof SMS_METHODS)[number];
  /** May hold placeholders (a GET gateway's query string), filled URL-encoded. */
  url: string;
  /** Their values (API keys) are never answered, and kept sealed (KeptGateway). */
  headers: { name: string; value: string }[];
  contentType: SmsContentType;
  /** The body of a POST, with placeholders filled as contentType says. */
  body: string;
  /** SMS a calendar month on the academy's clock; 0: no cap. */
  monthlyCap: number;
}

/**
 * A header as the settings row keeps it: its value sealed with SETTINGS_KEY (sms-data.ts). A
 * row saved before values were sealed holds the plain `value`: it still works, and is sealed
 * when a server with a key starts, or when the gateway is saved again.
 */
export type KeptHeader = { name: string; sealed: string } | { name: string; value: string };

/** The gateway as the settings row keeps it (academy_settings.sms_gateway, JSON). */
export interface KeptGateway extends Omit<SmsGateway, 'headers'> {
  headers: KeptHeader[];
}

/** What one SMS fills into the template. */
export interface SmsFields {
  to: string;
  text: string;
  /** The letter's key (outbox-<row id>): the provider's reference, the same on a repeat. */
  id: string;
}

/** The most header lines a gateway may have. */
const MAX_HEADERS = 20;
/** RFC 9110's token: the characters a header's name may use. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the request itself sets: a gateway's own would break it. */
const SET_BY_THE_APP = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);
const PLACEHOLDER = /\{([A-Za-z_]+)\}/g;

/** A stored gateway read back (null: none, or a row no save could have written). */
export function gatewayFrom(stored: string | null | undefined): KeptGateway | null {
  if (!stored) return null;
  try {
    const g = JSON.parse(stored) as KeptGateway;
    return typeof g.url === 'string' && Array.isArray(g.headers) ? g : null;
  } catch {
    return null;
  }
}

/**
 * The header lines as typed ("Name: value", one a line; blank lines ignored), with a value
 * of KEPT_HEADER taking the value kept under that name. A string is the first problem, in words.
 */
export function headersFrom(
  lines: string,
  kept: readonly { name: string; value: string }[],
): { name: string; value: string }[] | string {
  const headers: { name: string; value: string }[] = [];
  for (const line of lines.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (colon < 0 || !HEADER_NAME.test(name))
      return `Write each header as "Name: value" on a line of its own ("${cut(line, 40)}" is not one).`;
    if (SET_BY_THE_APP.has(name.toLowerCase()))
      return `The header ${name} is set by the app: leave it out.`;
    if (headers.some((h) => h.name.toLowerCase() === name.toLowerCase()))
      return `The header ${name} is there twice: keep one.`;
    if (value === KEPT_HEADER) {
      const old = kept.find((h) => h.name.toLowerCase() === name.toLowerCase());
      if (!old) return `The header ${name} has no kept value: type its value.`;
      headers.push({ name, value: old.value });
      continue;
    }
    if (value === '') return `The header ${name} has no value.`;
    // Header values travel as Latin-1; anything else would fail at every send.
    if (/[^\t\x20-\x7e\x80-\xff]/.test(value))
      return `The header ${name}'s value holds a character a header cannot carry.`;
    headers.push({ name, value });
  }
  if (headers.length > MAX_HEADERS) return `At most ${MAX_HEADERS} headers.`;
  return headers;
}

/**
 * Why an address is not one a gateway may have, or null, on the SMS channel's reach
 * (http/addresses.ts reachOf: the academy's own network, this machine only where the server's
 * environment allows it, link-local never). https anywhere else; http only to this machine or
 * the academy's own network written as an address (or localhost): an SMS gateway box on the
 * office network, and the tests' recorder, speak plain http, but an API key must never cross
 * the internet unencrypted. No user name or password in the address (they would travel in
 * every request, and show on Settings): a key goes in a header, which is kept sealed. No
 * placeholder in the host: where the request goes must not depend on a message's text.
 */
export function addressProblem(url: string, reach: Reach): string | null {
  let parsed: URL;
  try {
    parsed = new URL(fill(url, SAMPLE, encodeURIComponent));
  } catch {
    return "The gateway's address is not a web address (it starts https://).";
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return "The gateway's address must start with https:// (or http:// on your own network).";
  if (parsed.username || parsed.password)
    return "The gateway's address must not hold a user name or password (user:password@): put the key in a header, such as Authorization: Bearer …, where it is kept sealed.";
  if (/\{[A-Za-z_]+\}/.test(/^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? ''))
    return "Placeholders go in the gateway's path or query, not in its host: where every SMS goes must not depend on what it says.";
  const refusal = hostRefusal(parsed.hostname, reach);
  if (refusal) return refusalSentence("The gateway's address", refusal, 'LOOPBACK_GATEWAYS');
  if (parsed.protocol === 'http:' && !isOwnNetwork(parsed.hostname))
    return "The gateway's address must start with https://: http:// is only for a gateway on this machine or your own network (such as http://192.168.1.20/…).";
  return null;
}

const SAMPLE: SmsFields = {
  to: '+447700900123',
  text: 'A "sample" text,\nwith a line break & symbols: {ok} ✓',
  id: 'outbox-1',
};

/** Why a gateway as typed cannot work, or null: each check in the words the form shows. */
export function gatewayProblem(gateway: SmsGateway, reach: Reach): string | null {
  const address = addressProblem(gateway.url, reach);
  if (address) return address;
  const usesBody = gateway.method === 'POST';
  const where = usesBody ? `${gateway.url}\n${gateway.body}` : gateway.url;
  for (const [, name] of where.matchAll(PLACEHOLDER))
    if (!(SMS_PLACEHOLDERS as readonly string[]).includes(name ?? ''))
      return `{${name}} is no placeholder: use {to}, {text} and {id}.`;
  const missing = ['to', 'text'].filter((p) => !where.includes(`{${p}}`));
  if (missing.length > 0)
    return usesBody
      ? `Put ${missing.map((p) => `{${p}}`).join(' and ')} in the body or the address: it is where the ${missing.includes('to') ? 'number' : 'text'} goes.`
      : `Put ${missing.map((p) => `{${p}}`).join(' and ')} in the address: a GET request has no body.`;
  if (usesBody && gateway.contentType === 'json') {
    try {
      JSON.parse(bodyOf(gateway, SAMPLE));
    } catch {
      return 'The body is not JSON once filled in: write it as JSON, with each placeholder inside quotes, such as {"to": "{to}", "text": "{text}"}.';
    }
  }
  return null;
}

/** The request one SMS is: its address, method, headers and body, placeholders filled. */
export function requestOf(gateway: SmsGateway, fields: SmsFields) {
  const headers: Record<string, string> = {};
  for (const h of gateway.headers) headers[h.name] = fill(h.value, fields, headerValue);
  const hasType = gateway.headers.some((h) => h.name.toLowerCase() === 'content-type');
  if (gateway.method === 'POST' && !hasType)
    headers['Content-Type'] =
      gateway.contentType === 'json'
        ? 'application/json; charset=utf-8'
        : 'application/x-www-form-urlencoded; charset=utf-8';
  return {
    url: fill(gateway.url, fields, encodeURIComponent),
    method: gateway.method,
    headers,
    body: gateway.method === 'POST' ? bodyOf(gateway, fields) : undefined,
  };
}

function bodyOf(gateway: SmsGateway, fields: SmsFields): string {
  return fill(gateway.body, fields, gateway.contentType === 'json' ? jsonInside : formEncoded);
}

/** A value inside a JSON string: escaped, without the quotes the template writes. */
const jsonInside = (value: string) => JSON.stringify(value).slice(1, -1);
/** application/x-www-form-urlencoded, spaces as '+'. */
const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
/** A header carries the number and the key as they are (both ASCII); the text never fits one. */
const headerValue = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

/** Replaces each known placeholder with its value, encoded; unknown ones stay as written. */
export function fill(template: string, fields: SmsFields, encode: (value: string) => string) {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name === 'to' || name === 'text' || name === 'id' ? encode(fields[name]) : whole,
  );
}

function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
