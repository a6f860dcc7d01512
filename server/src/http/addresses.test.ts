import { describe, expect, it } from 'vitest';
import {
  type AddressKind,
  hostRefusal,
  isOwnNetwork,
  kindOf,
  type OutboundChannel,
  parseHost,
  type Reach,
  reachOf,
  refusalSentence,
  refusalWords,
  shownAddress,
} from './addresses.js';

/**
 * The one rule for push endpoints, the SMS gateway and the SMTP server (issue 48, point 4),
 * table-tested with every way of writing an address the issue lists and more: each form is
 * judged as written in a URL (what push and SMS read, after WHATWG's parsing) and as a bare
 * host (the SMTP server's setting, which nothing parses first), for each channel with its
 * exceptions off and on.
 */

/** Each form, and what it is once read. */
const FORMS: [written: string, kind: AddressKind, address?: string][] = [
  // The unspecified address reaches this machine.
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified', '0.0.0.0'],
  ['0x0', 'unspecified', '0.0.0.0'],
  ['0.1.2.3', 'unspecified'],
  ['[::]', 'unspecified', '::'],
  ['[0:0:0:0:0:0:0:0]', 'unspecified', '::'],
  ['[::ffff:0.0.0.0]', 'unspecified', '0.0.0.0'],
  // Loopback, however written.
  ['127.0.0.1', 'loopback'],
  ['127.1', 'loopback', '127.0.0.1'],
  ['127.0.1', 'loopback', '127.0.0.1'],
  ['2130706433', 'loopback', '127.0.0.1'],
  ['0177.0.0.1', 'loopback', '127.0.0.1'],
  ['0x7f.0.0.1', 'loopback', '127.0.0.1'],
  ['0x7F.1', 'loopback', '127.0.0.1'],
  ['0x7f000001', 'loopback', '127.0.0.1'],
  ['017700000001', 'loopback', '127.0.0.1'],
  ['127.255.255.254', 'loopback'],
  ['127.0.0.1.', 'loopback', '127.0.0.1'],
  ['[::1]', 'loopback', '::1'],
  ['[0:0:0:0:0:0:0:1]', 'loopback', '::1'],
  ['[::ffff:127.0.0.1]', 'loopback', '127.0.0.1'],
  ['[::ffff:7f00:1]', 'loopback', '127.0.0.1'],
  ['[0:0:0:0:0:ffff:7f00:0001]', 'loopback', '127.0.0.1'],
  ['[::127.0.0.1]', 'loopback', '127.0.0.1'],
  ['[64:ff9b::7f00:1]', 'loopback', '127.0.0.1'],
  ['localhost', 'loopback'],
  ['LocalHost', 'loopback'],
  ['localhost.', 'loopback'],
  ['localhost..', 'loopback'],
  ['foo.localhost', 'loopback'],
  ['foo.localhost.', 'loopback'],
  ['a.b.LOCALHOST', 'loopback'],
  // Link-local: where clouds answer with instance secrets.
  ['169.254.169.254', 'link-local'],
  ['169.254.43518', 'link-local', '169.254.169.254'],
  ['2852039166', 'link-local', '169.254.169.254'],
  ['0xa9fea9fe', 'link-local', '169.254.169.254'],
  ['0xa9.0xfe.0xa9.0xfe', 'link-local', '169.254.169.254'],
  ['0251.0376.0251.0376', 'link-local', '169.254.169.254'],
  ['[::ffff:169.254.169.254]', 'link-local', '169.254.169.254'],
  ['[::ffff:a9fe:a9fe]', 'link-local', '169.254.169.254'],
  ['[64:ff9b::a9fe:a9fe]', 'link-local', '169.254.169.254'],
  ['[fe80::1]', 'link-local', 'fe80::1'],
  ['[FEBF::1]', 'link-local', 'febf::1'],
  // Multicast, broadcast, reserved.
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['[ff02::1]', 'multicast', 'ff02::1'],
  ['255.255.255.255', 'reserved'],
  ['4294967295', 'reserved', '255.255.255.255'],
  ['240.0.0.1', 'reserved'],
  ['[::ffff:255.255.255.255]', 'reserved', '255.255.255.255'],
  // The academy's own network.
  ['10.0.0.1', 'private'],
  ['012.0.0.1', 'private', '10.0.0.1'],
  ['167772161', 'private', '10.0.0.1'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.20', 'private'],
  ['0xc0a80114', 'private', '192.168.1.20'],
  ['100.64.0.1', 'private'],
  ['198.18.0.1', 'private'],
  ['[fd00::1]', 'private', 'fd00::1'],
  ['[fc00::1]', 'private', 'fc00::1'],
  ['[fec0::1]', 'private', 'fec0::1'],
  ['[::ffff:10.0.0.1]', 'private', '10.0.0.1'],
  ['[::ffff:c0a8:114]', 'private', '192.168.1.20'],
  // The internet.
  ['push.example.com', 'public'],
  ['push.example.com.', 'public'],
  ['localhost.example.com', 'public'],
  ['fe80.example.com', 'public'],
  ['8.8.8.8', 'public'],
  ['134744072', 'public', '8.8.8.8'],
  ['172.32.0.1', 'public'],
  ['169.253.1.1', 'public'],
  ['100.128.0.1', 'public'],
  ['223.255.255.255', 'public'],
  ['[2606:4700::1111]', 'public', '2606:4700::1111'],
  ['[::ffff:8.8.8.8]', 'public', '8.8.8.8'],
  ['[2001:db8::1]', 'public', '2001:db8::1'],
];

/** What every channel's reach is, with its exceptions off and on. */
const REACHES: [OutboundChannel, 'off' | 'on', Reach][] = (
  ['push', 'sms', 'smtp'] as const
).flatMap((channel) =>
  (['off', 'on'] as const).map((flags) => {
    const on = flags === 'on';
    const reach = reachOf(channel, { PUSH_LOCAL_ENDPOINTS: on, LOOPBACK_GATEWAYS: on });
    return [channel, flags, reach] as [OutboundChannel, 'off' | 'on', Reach];
  }),
);

/** Whether `kind` may be reached by `channel`: the decided rule, written out as a table. */
function allowed(kind: AddressKind, channel: OutboundChannel, flags: 'off' | 'on'): boolean {
  if (kind === 'public') return true;
  if (kind === 'private') return channel !== 'push' || flags === 'on';
  if (kind === 'loopback') return flags === 'on';
  return false; // unspecified, link-local, multicast, reserved: no channel, no exception
}

/** The host a URL's hostname holds for a form (WHATWG normalises many of them). */
const urlHost = (written: string) => new URL(`https://${written}/x`).hostname;

describe('the rule on addresses given to the server', () => {
  it.each(FORMS)('reads %s as %s', (written, kind, address) => {
    const parsed = parseHost(written);
    if (kind === 'public' && parsed.type === 'name') return;
    if (kind === 'loopback' && parsed.type === 'name') {
      expect(parsed.name).toMatch(/(^|\.)localhost$/);
      return;
    }
    expect(parsed.type, written).toBe('ip');
    if (parsed.type !== 'ip') return;
    expect(kindOf(parsed.bytes)).toBe(kind);
    expect(shownAddress(parsed)).toBe(address ?? written);
  });

  describe.each(REACHES)('for %s with its exceptions %s', (channel, flags, reach) => {
    it.each(FORMS)('judges %s (%s) as written and as a URL reads it', (written, kind) => {
      const expected = allowed(kind, channel, flags);
      expect(hostRefusal(written, reach) === null, `${written} as written`).toBe(expected);
      const inUrl = urlHost(written);
      expect(hostRefusal(inUrl, reach) === null, `${written} read as ${inUrl}`).toBe(expected);
      const refusal = hostRefusal(written, reach);
      if (refusal) expect(refusal.kind).toBe(kind);
    });
  });

  it('calls what no address or name can be malformed, as URLs refuse it', () => {
    for (const written of [
      '1.2.3.4.5',
      '256.0.0.1',
      '1.2.3.256',
      '08.0.0.1',
      '0x100.1',
      '[zz::1]',
      '',
    ])
      expect(hostRefusal(written, { loopback: true, private: true })?.kind, written).toBe(
        'malformed',
      );
  });

  it('says what an address refused is, naming the address it reaches', () => {
    const reach = reachOf('smtp', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: false });
    const loopback = hostRefusal('2130706433', reach);
    expect(loopback && refusalWords(loopback)).toBe(
      '2130706433 is 127.0.0.1, this machine (loopback)',
    );
    expect(loopback && refusalSentence('The SMTP server', loopback, 'LOOPBACK_GATEWAYS')).toBe(
      'The SMTP server 2130706433 is 127.0.0.1, this machine (loopback): the server sends there only with LOOPBACK_GATEWAYS=true in its environment.',
    );
    const cloud = hostRefusal('[::ffff:a9fe:a9fe]', reach);
    expect(cloud && refusalSentence('The SMTP server', cloud, 'LOOPBACK_GATEWAYS')).toBe(
      'The SMTP server [::ffff:a9fe:a9fe] is 169.254.169.254, a link-local address (where clouds keep their secrets): the server never sends there.',
    );
    const zero = hostRefusal('0.0.0.0', reach);
    expect(zero && refusalWords(zero)).toBe(
      '0.0.0.0 is the unspecified address (it reaches this machine)',
    );
    const office = hostRefusal(
      '192.168.1.20',
      reachOf('push', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: true }),
    );
    expect(office && refusalSentence('The push service', office)).toBe(
      'The push service 192.168.1.20 is an address on a private network: the server sends only to addresses on the internet.',
    );
  });

  it('takes plain http for SMS only to this machine or the academy’s own network', () => {
    for (const host of [
      '127.0.0.1',
      '127.1',
      'localhost',
      'foo.localhost.',
      '10.1.2.3',
      '[::1]',
      '[fd12::1]',
    ])
      expect(isOwnNetwork(host), host).toBe(true);
    for (const host of [
      'sms.example.com',
      '8.8.8.8',
      '172.32.0.1',
      '169.254.169.254',
      '[fe80::1]',
      '0.0.0.0',
    ])
      expect(isOwnNetwork(host), host).toBe(false);
  });
});
