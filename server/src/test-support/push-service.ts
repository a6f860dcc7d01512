import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A push service on loopback standing in for FCM, Mozilla's or Apple's (issue 31, tests with
 * real parts). It takes a push only as a real one would: the VAPID Authorization header
 * (RFC 8292: `vapid t=<JWT>, k=<key>`) must carry an ES256 JWT signed by that key, for this
 * service's origin, not expired, with a subject; the body must decrypt (RFC 8291, aes128gcm,
 * with http_ece) with the device's private key and auth secret, which only the test holds
 * (made here with node:crypto as a browser makes them). Only then is it counted. It answers
 * 201, or what a test asks of a device (404, 410, 500).
 *
 * Push endpoints are https (RFC 8030), and web-push speaks only https: the service has a
 * self-signed certificate for 127.0.0.1, valid until 2126, which only the push sender the
 * test gives `certificate` to trusts (PushSender.trust).
 */

/**
 * The service's certificate and key (loopback-push.pem), a test fixture that only the tests'
 * push sender trusts; a server in another process (the kill test, bench:day's broadcast) is given
 * the file as NODE_EXTRA_CA_CERTS.
 */
export const LOOPBACK_PUSH_PEM = fileURLToPath(new URL('./loopback-push.pem', import.meta.url));
const PEM = fs.readFileSync(LOOPBACK_PUSH_PEM, 'utf8');
const CERTIFICATE = PEM.slice(0, PEM.indexOf('-----BEGIN PRIVATE KEY-----'));
const CERTIFICATE_KEY = PEM.slice(CERTIFICATE.length);

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
};

/** A browser's side of a subscription: what it sends the app, and the private half it keeps. */
export interface TestDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The device's ECDH key pair (P-256), its private key never leaving the test. */
  ecdh: ECDH;
  authSecret: Buffer;
}

/** A push the service verified and decrypted. */
export interface ReceivedPush {
  deviceId: string;
  /** The decrypted body, as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** What the service answered. */
  status: number;
}

export interface LoopbackPushService {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** The service's certificate (PEM), for the push sender to trust. */
  certificate: string;
  newDevice(): TestDevice;
  /** What the service answers this device from now on (201 by default). */
  answer(deviceId: string, status: 201 | 404 | 410 | 500): void;
  /** Holds every answer back this long (a busy push service), 0 at first. */
  answerAfter(ms: number): void;
  /** Pushes verified, decrypted and taken (answered 201). */
  taken: ReceivedPush[];
  /** Pushes verified and decrypted but answered otherwise, on the test's demand. */
  turnedAway: ReceivedPush[];
  /** Requests refused by the checks, with the reason: a test expects none. */
  refused: string[];
  close(): Promise<void>;
}

class Refusal extends Error {}

function check(condition: unknown, reason: string): asserts condition {
  if (!condition) throw new Refusal(reason);
}

/** The key of a raw P-256 point (65 bytes, uncompressed), to verify a signature with. */
function pointKey(point: Buffer) {
  check(point.length === 65 && point[0] === 4, 'k is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the ES256 signature with k, aud
 * this origin, exp in the future and at most 24 hours ahead, a subject (https: or mailto:),
 * and k the application server key the devices subscribed with.
 */
function checkVapid(header: string | undefined, origin: string, publicKey: string) {
  const match = /^vapid (.+)$/.exec(header ?? '');
  check(match, 'no vapid Authorization header');
  const params = new Map(
    (match[1] as string).split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name, value.join('=')] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  check(token && key, 'the header lacks t= or k=');
  check(key === publicKey, 'k is not the key the devices subscribed with');
  const [head, body, signature] = token.split('.');
  check(head && body && signature, 't is not a JWT');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  check(header_.alg === 'ES256' && header_.typ === 'JWT', 'the JWT is not ES256');
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: pointKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  check(signed, 'the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  check(claims.aud === origin, `aud is ${claims.aud}, not ${origin}`);
  const nowS = Date.now() / 1000;
  check(typeof claims.exp === 'number' && claims.exp > nowS, 'the JWT has expired');
  check(claims.exp <= nowS + 24 * 3600, 'exp is more than 24 hours ahead');
  check(/^(https:|mailto:)/.test(String(claims.sub ?? '')), 'sub is not an https: or mailto: URL');
  return claims as ReceivedPush['claims'];
}

/** Starts the service on a free loopback port. `publicKey`: the app's VAPID key. */
export async function startPushService(publicKey: string): Promise<LoopbackPushService> {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const taken: ReceivedPush[] = [];
  const turnedAway: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  let delayMs = 0;

  const server = https.createServer({ cert: CERTIFICATE, key: CERTIFICATE_KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    // A sender killed mid-request (the kill test) aborts it: nothing arrived, nothing to count.
    req.on('error', () => {});
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        check(req.method === 'POST', `${req.method} is not a push`);
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const device = id ? devices.get(id) : undefined;
        check(device, `no device at ${req.url}`);
        const claims = checkVapid(req.headers.authorization, origin, publicKey);
        check(req.headers['content-encoding'] === 'aes128gcm', 'the body is not aes128gcm');
        const ttl = Number(req.headers.ttl);
        check(req.headers.ttl !== undefined && Number.isInteger(ttl) && ttl >= 0, 'no TTL');
        let plain: Buffer;
        try {
          plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.authSecret,
          });
        } catch (error) {
          throw new Refusal(`the body does not decrypt: ${(error as Error).message}`);
        }
        const status = answers.get(device.id) ?? 201;
        const push: ReceivedPush = {
          deviceId: device.id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          claims,
          status,
        };
        (status === 201 ? taken : turnedAway).push(push);
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(status).end();
        }, delayMs);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refused.push(error.message);
        res.writeHead(400, { 'content-type': 'text/plain' }).end(error.message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certificate: CERTIFICATE,
    newDevice() {
      const id = randomBytes(6).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: TestDevice = {
        id,
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
      };
      devices.set(id, device);
      return device;
    },
    answer: (deviceId, status) => answers.set(deviceId, status),
    answerAfter: (ms) => {
      delayMs = ms;
    },
    taken,
    turnedAway,
    refused,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
