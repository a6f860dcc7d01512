import { isIPv6 } from 'node:net';

/**
 * Addresses the server itself is asked to send to: a device's push service, the SMS gateway,
 * the SMTP server (issue 48, point 4). The one rule for the three, judged on the address as a
 * connection sees it: every way of writing an IPv4 address that the resolver takes (decimal
 * 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1), IPv4 inside IPv6 (::ffff:127.0.0.1,
 * ::127.0.0.1, NAT64's 64:ff9b::/96), trailing dots and `*.localhost` all come down to the
 * address they reach before anything is decided. A name is judged again on what it resolves to,
 * when the connection is made (outbound.ts): a name can resolve to loopback, and change
 * between a check and a connect.
 */

/** What an address is, for the rule. */
export type AddressKind =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/**
 * What a channel may reach beyond the internet. Never a link-local address (where clouds answer
 * with their secrets), the unspecified one (0.0.0.0 and :: reach this machine), multicast,
 * broadcast or reserved ones: no channel has an exception for those.
 */
export interface Reach {
  /** This machine (127.0.0.0/8, ::1, localhost): only where the operator's environment says. */
  loopback: boolean;
  /** RFC 1918, shared (100.64.0.0/10), benchmarking, IPv6 unique local and site-local. */
  private: boolean;
}

/** The channels that open connections to addresses given to the server. */
export type OutboundChannel = 'push' | 'sms' | 'smtp';

/**
 * Each channel's reach from the configuration: the one table of exceptions. An SMS gateway box
 * or a mail relay on the academy's own network is ordinary (docs/decisions.md), a push service
 * there is not: anyone signed in gives the server their endpoint. Loopback is the operator's
 * choice, not an administrator's: what listens on the server's own loopback belongs to whoever
 * runs it (PUSH_LOCAL_ENDPOINTS, LOOPBACK_GATEWAYS; the tests and benchmarks set them).
 */
export function reachOf(
  channel: OutboundChannel,
  config: { PUSH_LOCAL_ENDPOINTS: boolean; LOOPBACK_GATEWAYS: boolean },
): Reach {
  if (channel === 'push')
    return { loopback: config.PUSH_LOCAL_ENDPOINTS, private: config.PUSH_LOCAL_ENDPOINTS };
  return { loopback: config.LOOPBACK_GATEWAYS, private: true };
}

/** A host as written: an IP address (in its one canonical form), or a name. */
export type ParsedHost =
  | { type: 'ip'; address: string; bytes: number[] }
  | { type: 'name'; name: string }
  | { type: 'malformed' };

/**
 * Reads a host as a URL's hostname or a bare setting writes it: brackets and trailing dots
 * taken off, letters lower-cased, an IPv4 address in any form the resolver takes (inet_aton's,
 * which WHATWG URLs follow too) read as the address it is. A name whose last label is a number
 * but which is no address (1.2.3.4.5, 999.0.0.1) is malformed, as URLs make it.
 */
export function parseHost(written: string): ParsedHost {
  let host = written.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.includes(':')) {
    // A zone (fe80::1%eth0) names an interface, not another address.
    const bare = host.replace(/%.*$/, '');
    if (!isIPv6(bare)) return { type: 'malformed' };
    const bytes = ipv6Bytes(bare);
    return { type: 'ip', address: canonical(bytes), bytes };
  }
  host = host.replace(/\.+$/, '');
  if (host === '') return { type: 'malformed' };
  const labels = host.split('.');
  if (isNumber(labels[labels.length - 1] ?? '')) {
    const bytes = ipv4Bytes(labels);
    return bytes ? { type: 'ip', address: bytes.join('.'), bytes } : { type: 'malformed' };
  }
  return { type: 'name', name: host };
}

/** What an address (its bytes, 4 or 16) is; IPv4 inside IPv6 is judged as the IPv4 it is. */
export function kindOf(bytes: readonly number[]): AddressKind {
  if (bytes.length === 16) {
    const embedded = embeddedIPv4(bytes);
    if (embedded) return kindOf(embedded);
    if (bytes.every((b) => b === 0)) return 'unspecified';
    if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'loopback';
    const [a = 0, b = 0] = bytes;
    if (a === 0xff) return 'multicast';
    if (a === 0xfe && (b & 0xc0) === 0x80) return 'link-local';
    if (a === 0xfe && (b & 0xc0) === 0xc0) return 'private'; // site-local, deprecated
    if ((a & 0xfe) === 0xfc) return 'private'; // unique local, fc00::/7
    return 'public';
  }
  const [a = 0, b = 0] = bytes;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // shared (CGNAT, tailnets)
  if (a === 198 && (b === 18 || b === 19)) return 'private'; // benchmarking networks
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved'; // reserved, and 255.255.255.255 (broadcast)
  return 'public';
}

/** Why a host may not be reached on this reach, or null. `address` when it was one written. */
export interface Refusal {
  kind: Exclude<AddressKind, 'public'> | 'malformed';
  host: string;
  /** The address the host is, when written as one (2130706433 is 127.0.0.1). */
  address?: string;
}

/** Whether an address of this kind may be reached. */
export function reaches(kind: AddressKind, reach: Reach): boolean {
  return (
    kind === 'public' ||
    (kind === 'private' && reach.private) ||
    (kind === 'loopback' && reach.loopback)
  );
}

/**
 * The rule on a host as written (a setting, or a URL's hostname). An address in any form is
 * judged by what it is; `localhost` and `*.localhost` are loopback (RFC 6761) whatever a
 * resolver says; another name is not resolved here (it is when connecting: outbound.ts).
 */
export function hostRefusal(written: string, reach: Reach): Refusal | null {
  const host = parseHost(written);
  if (host.type === 'malformed') return { kind: 'malformed', host: written };
  if (host.type === 'name') {
    if (!isLoopbackName(host.name) || reach.loopback) return null;
    return { kind: 'loopback', host: written };
  }
  const kind = kindOf(host.bytes);
  if (reaches(kind, reach)) return null;
  return { kind: kind as Refusal['kind'], host: written, address: shownAddress(host) };
}

/** An address as words show it: IPv4 inside IPv6 as the IPv4 it is (::ffff:a9fe:a9fe). */
export function shownAddress(host: { address: string; bytes: readonly number[] }): string {
  const embedded = host.bytes.length === 16 ? embeddedIPv4(host.bytes) : undefined;
  return embedded ? embedded.join('.') : host.address;
}

/** `localhost` and every name under it (RFC 6761), after trailing dots are taken off. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Whether a host as written is this machine or a private network: SMS's plain-http rule. */
export function isOwnNetwork(written: string): boolean {
  const host = parseHost(written);
  if (host.type === 'name') return isLoopbackName(host.name);
  if (host.type === 'malformed') return false;
  const kind = kindOf(host.bytes);
  return kind === 'loopback' || kind === 'private';
}

const KIND_WORDS: Record<Refusal['kind'], string> = {
  unspecified: 'the unspecified address (it reaches this machine)',
  loopback: 'this machine (loopback)',
  'link-local': 'a link-local address (where clouds keep their secrets)',
  multicast: 'a multicast address',
  reserved: 'a reserved or broadcast address',
  private: 'an address on a private network',
  malformed: 'neither a host name nor an IP address',
};

/** What an address of this kind is, in words: "this machine (loopback)". */
export function kindWords(kind: Refusal['kind']): string {
  return KIND_WORDS[kind];
}

/** "127.1 is 127.0.0.1, this machine (loopback)": the refusal in words, without an ending. */
export function refusalWords(refusal: Refusal): string {
  const written = refusal.host.trim();
  const plain = written.replace(/^\[|\]$/g, '').toLowerCase();
  const is = refusal.address && refusal.address !== plain ? `${refusal.address}, ` : '';
  return `${written} is ${is}${KIND_WORDS[refusal.kind]}`;
}

/**
 * A refusal at a save, as a sentence: "The SMTP server 127.1 is 127.0.0.1, this machine
 * (loopback): the server sends there only with LOOPBACK_GATEWAYS=true in its environment."
 * `loopbackSetting` names the variable that would allow loopback, where one does.
 */
export function refusalSentence(subject: string, refusal: Refusal, loopbackSetting?: string) {
  const why =
    refusal.kind === 'malformed'
      ? ''
      : refusal.kind === 'loopback' && loopbackSetting
        ? `: the server sends there only with ${loopbackSetting}=true in its environment`
        : refusal.kind === 'private'
          ? ': the server sends only to addresses on the internet'
          : ': the server never sends there';
  return `${subject} ${refusalWords(refusal)}${why}.`;
}

/** An IPv4 part as inet_aton takes it: decimal, octal with a leading 0, hex with 0x. */
function isNumber(part: string): boolean {
  return /^(?:0x[0-9a-f]*|[0-9]+)$/.test(part);
}

function partValue(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/.test(part)) return part.length === 2 ? 0 : Number.parseInt(part, 16);
  if (/^0[0-7]*$/.test(part)) return part.length === 1 ? 0 : Number.parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return undefined; // 08, 09: not octal, and not decimal with a leading zero either
}

/** 1 to 4 parts, the last filling the bytes left (127.1 is 127.0.0.1), as WHATWG URLs read. */
function ipv4Bytes(labels: string[]): number[] | undefined {
  if (labels.length > 4) return undefined;
  const values: number[] = [];
  for (const label of labels) {
    const value = partValue(label);
    if (value === undefined) return undefined;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return undefined;
  const bytes = [...values];
  for (let i = 4 - values.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

/** The 16 bytes of an IPv6 address net.isIPv6 took (a dotted IPv4 tail included). */
function ipv6Bytes(host: string): number[] {
  let text = host;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted.slice(1).map(Number));
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const before = groups(head);
  const after = groups(rest);
  const words =
    rest === undefined
      ? before
      : [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96) or NAT64 (64:ff9b::/96): its IPv4. */
function embeddedIPv4(bytes: readonly number[]): number[] | undefined {
  const head = bytes.slice(0, 12);
  const zeros = (from: number, to: number) => head.slice(from, to).every((b) => b === 0);
  const mapped = zeros(0, 10) && head[10] === 0xff && head[11] === 0xff;
  // ::/96 but :: and ::1 themselves, which are IPv6's own.
  const compatible =
    zeros(0, 12) && !(bytes.slice(12, 15).every((b) => b === 0) && (bytes[15] ?? 0) <= 1);
  const nat64 = head[0] === 0 && head[1] === 0x64 && head[2] === 0xff && head[3] === 0x9b;
  if (mapped || compatible || (nat64 && zeros(4, 12))) return bytes.slice(12);
  return undefined;
}

/** An address's canonical text: IPv4 dotted, IPv6 as RFC 5952 writes it. */
function canonical(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join('.');
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  // The longest run of two or more zero words becomes '::'.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best.at < 0) return hex.join(':');
  const left = hex.slice(0, best.at).join(':');
  const right = hex.slice(best.at + best.length).join(':');
  return `${left}::${right}`;
}
