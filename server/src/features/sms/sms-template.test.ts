import { describe, expect, it } from 'vitest';
import { reachOf } from '../../http/addresses.js';
import {
  addressProblem,
  gatewayProblem,
  headersFrom,
  requestOf,
  type SmsGateway,
} from './sms-template.js';

const gateway: SmsGateway = {
  method: 'POST',
  url: 'https://api.sms.example.com/v1/messages',
  headers: [{ name: 'Authorization', value: 'Bearer k' }],
  contentType: 'json',
  body: '{"to": "{to}", "text": "{text}", "reference": "{id}"}',
  monthlyCap: 0,
};
const fields = { to: '+447700900123', text: 'He said "hi" & left\\ ✓', id: 'outbox-9' };
/** The SMS channel's reach: the academy's own network always, this machine when allowed. */
const SMS = reachOf('sms', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: true });
const SMS_NO_LOOPBACK = reachOf('sms', { PUSH_LOCAL_ENDPOINTS: false, LOOPBACK_GATEWAYS: false });

describe('the SMS gateway’s template', () => {
  it('JSON-escapes the values inside a JSON body', () => {
    const request = requestOf(gateway, fields);
    expect(JSON.parse(request.body ?? '')).toEqual({
      to: '+447700900123',
      text: 'He said "hi" & left\\ ✓',
      reference: 'outbox-9',
    });
    expect(request.headers).toEqual({
      Authorization: 'Bearer k',
      'Content-Type': 'application/json; charset=utf-8',
    });
  });

  it('form-encodes them in a form body, URL-encodes them in the address, and keeps a chosen type', () => {
    const form = requestOf(
      {
        ...gateway,
        url: 'https://x.example.com/send?ref={id}',
        contentType: 'form',
        body: 'to={to}&msg={text}',
        headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }],
      },
      fields,
    );
    expect(new URLSearchParams(form.body).get('msg')).toBe(fields.text);
    expect(form.url).toBe('https://x.example.com/send?ref=outbox-9');
    expect(form.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    const get = requestOf(
      { ...gateway, method: 'GET', url: 'https://x.example.com/send?to={to}&msg={text}' },
      fields,
    );
    expect(get.body).toBeUndefined();
    expect(new URL(get.url).searchParams.get('to')).toBe('+447700900123');
    expect(new URL(get.url).searchParams.get('msg')).toBe(fields.text);
  });

  it('fills the key into a header (a provider’s idempotency key)', () => {
    const request = requestOf(
      { ...gateway, headers: [{ name: 'Idempotency-Key', value: '{id}' }] },
      fields,
    );
    expect(request.headers['Idempotency-Key']).toBe('outbox-9');
  });

  it('takes http only on this machine or a private network', () => {
    expect(addressProblem('https://sms.example.com/send', SMS)).toBeNull();
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.20',
      '[::1]',
      '[fd12:3456::1]',
    ])
      expect(addressProblem(`http://${host}:8080/send`, SMS), host).toBeNull();
    for (const host of ['sms.example.com', '8.8.8.8', '172.32.0.1', '[2001:db8::1]'])
      expect(addressProblem(`http://${host}/send`, SMS), host).toContain(
        'must start with https://',
      );
  });

  it('refuses this machine unless the server allows it, and link-local always, https too', () => {
    for (const url of [
      'https://127.0.0.1/send',
      'http://127.1:8080/send',
      'https://2130706433/send',
      'https://[::ffff:127.0.0.1]/send',
      'http://localhost./send',
      'https://gateway.localhost/send',
      'https://0.0.0.0/send',
    ])
      expect(addressProblem(url, SMS_NO_LOOPBACK), url).toMatch(
        /this machine \(loopback\): the server sends there only with LOOPBACK_GATEWAYS=true|unspecified address/,
      );
    for (const url of [
      'https://169.254.169.254/latest',
      'https://[::ffff:169.254.169.254]/send',
      'https://[::ffff:a9fe:a9fe]/send',
      'https://0xa9fea9fe/send',
      'https://[fe80::1]/send',
      'http://169.254.169.254/latest',
    ])
      for (const reach of [SMS, SMS_NO_LOOPBACK])
        expect(addressProblem(url, reach), url).toContain(
          'a link-local address (where clouds keep their secrets): the server never sends there.',
        );
    // The office's own network is the exception SMS has, over https and http.
    expect(addressProblem('https://192.168.1.20/send', SMS_NO_LOOPBACK)).toBeNull();
    expect(addressProblem('http://10.0.0.7:8080/send', SMS_NO_LOOPBACK)).toBeNull();
  });

  it('refuses a user name or password in the address, and a placeholder in its host', () => {
    for (const url of [
      'https://user:secret@sms.example.com/send',
      'https://user@sms.example.com/send',
      'https://:secret@sms.example.com/send',
    ])
      expect(addressProblem(url, SMS), url).toBe(
        "The gateway's address must not hold a user name or password (user:password@): put the key in a header, such as Authorization: Bearer …, where it is kept sealed.",
      );
    expect(addressProblem('https://{to}.sms.example.com/send', SMS)).toContain(
      "Placeholders go in the gateway's path or query, not in its host",
    );
    expect(addressProblem('https://sms.example.com/send/{to}?text={text}', SMS)).toBeNull();
  });

  it('keeps a kept header’s value by its name, in any case', () => {
    expect(
      headersFrom('authorization: [kept]\n\nX-Tenant:  a b ', [
        { name: 'Authorization', value: 'Bearer old' },
      ]),
    ).toEqual([
      { name: 'authorization', value: 'Bearer old' },
      { name: 'X-Tenant', value: 'a b' },
    ]);
    expect(headersFrom('X-Empty:', [])).toBe('The header X-Empty has no value.');
  });

  it('finds what would make every SMS fail', () => {
    expect(gatewayProblem(gateway, SMS)).toBeNull();
    expect(gatewayProblem({ ...gateway, body: '{"to": "{to}", "text": {text}}' }, SMS)).toContain(
      'not JSON once filled in',
    );
    // Placeholders in the address count for a POST too.
    expect(
      gatewayProblem(
        {
          ...gateway,
          url: 'https://x.example.com/?to={to}',
          body: '{"t": "{text}"}',
        },
        SMS,
      ),
    ).toBeNull();
    expect(
      gatewayProblem({ ...gateway, method: 'GET', url: 'https://x.example.com/?to={to}' }, SMS),
    ).toBe('Put {text} in the address: a GET request has no body.');
  });
});
