import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../test-support/harness.js';

/**
 * Login throttling (docs/security.md "Login throttling"): five failures lock one username at
 * one address, an address that fails thirty times is slowed down but never locked, and one
 * username may fail at most a hundred times an hour over all addresses. Attempts are counted
 * before the password is checked, so guesses sent together get no more checks than in a row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string) =>
  t.inject({
    method: 'POST',
    url: '/api/login.php',
    remoteAddress,
    ...form({ username, password }),
  });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const accountMessage = (wait: string) =>
  `Too many failed login attempts. Please try again in ${wait}.`;
const networkMessage = (wait: string) =>
  `Too many failed login attempts from your network. Please try again in ${wait}.`;

describe('guesses sent together', () => {
  it('checks at most five of forty wrong passwords sent at once for one username from one address', async () => {
    const owner = await t.student();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(owner.username, `guess ${i}`, '10.20.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Each 401 is one password checked; one by one, the sixth try is the first refused.
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(35);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({ success: false, message: accountMessage('15 minutes') });
      expect(refused.headers['retry-after']).toBe('900');
    }
    // The refused guesses spent nothing of the account's own budget: its owner gets in
    // from elsewhere.
    expect((await login(owner.username, owner.password, '10.20.0.2')).statusCode).toBe(200);
  });

  it('gives an address no more checks for forty usernames at once than for forty in a row', async () => {
    const inARow: number[] = [];
    for (let i = 0; i < 40; i++) {
      inARow.push((await login(`nobody${i}`, 'wrong', '10.21.0.1')).statusCode);
    }
    const together = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(`someone${i}`, 'wrong', '10.21.0.2')),
      )
    ).map((a) => a.statusCode);
    // Thirty failures are free, the thirty-first try is checked, then each try must wait.
    expect(count(inARow, 401)).toBe(31);
    expect(count(together, 401)).toBe(31);
    expect(count(together, 429)).toBe(9);
  });
});

describe('a class signing in together from the academy’s one address (issue 48, point 1)', () => {
  it('lets 300 right passwords in, fifty at a time, and still slows 100 wrong ones sent together', async () => {
    const wifi = '10.30.0.1';
    const students = await Promise.all(Array.from({ length: 50 }, () => t.student()));
    const statuses: number[] = [];
    // Six classes of fifty arrive one after another, each all at once: more tries in flight
    // than the address's thirty free failures, none of them a failure.
    for (let wave = 0; wave < 6; wave++) {
      const answers = await Promise.all(students.map((s) => login(s.username, s.password, wifi)));
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses).toHaveLength(300);
    expect(count(statuses, 200)).toBe(300);

    // Successes left nothing behind: guesses sent together are checked as if one by one.
    const guesses = (
      await Promise.all(Array.from({ length: 100 }, (_, i) => login(`guesser${i}`, 'wrong', wifi)))
    ).map((a) => a.statusCode);
    expect(count(guesses, 401)).toBe(31);
    expect(count(guesses, 429)).toBe(69);
    // Now the address waits, right password or not, as before.
    const slowed = await login(students[0]?.username ?? '', students[0]?.password ?? '', wifi);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many failed login attempts from your network\./);
  });

  it('lets the right passwords among guesses sent together in, and checks no more guesses', async () => {
    const wifi = '10.30.0.2';
    const students = await Promise.all(Array.from({ length: 20 }, () => t.student()));
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, (_, i) => login(`typo${i}`, 'wrong', wifi)),
      ...students.map((s) => login(s.username, s.password, wifi)),
    ]);
    const wrong = answers.slice(0, 25).map((a) => a.statusCode);
    const right = answers.slice(25).map((a) => a.statusCode);
    // 25 failures are under the thirty free ones: nobody waits for anyone else's success.
    expect(count(wrong, 401)).toBe(25);
    expect(count(right, 200)).toBe(20);
  });
});

describe('lockout is no weapon', () => {
  it('a stranger’s five failures lock that address out of the account, not its owner elsewhere', async () => {
    const owner = await t.student();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.username, `wrong ${i}`, '10.22.0.66')).statusCode).toBe(401);
    }
    // From the stranger's address not even the right password is checked any more.
    const stranger = await login(owner.username, owner.password, '10.22.0.66');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ success: false, message: accountMessage('15 minutes') });
    expect(stranger.headers['retry-after']).toBe('900');
    // The owner, at home, gets in; the stranger is still refused.
    expect((await login(owner.username, owner.password, '10.22.0.1')).statusCode).toBe(200);
    expect((await login(owner.username, owner.password, '10.22.0.66')).statusCode).toBe(429);

    t.clock.now += 15 * 60_000;
    expect((await login(owner.username, owner.password, '10.22.0.66')).statusCode).toBe(200);
  });

  it('a success clears the count of that username at that address', async () => {
    const student = await t.student();
    for (let i = 0; i < 4; i++) await login(student.username, 'wrong', '10.23.0.1');
    expect((await login(student.username, student.password, '10.23.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(student.username, 'wrong', '10.23.0.1')).statusCode).toBe(401);
    }
    expect((await login(student.username, student.password, '10.23.0.1')).statusCode).toBe(429);
  });

  it('slows an address that fails across many usernames with growing delays, and locks no account', async () => {
    const school = '10.24.0.1';
    const student = await t.student();
    for (let i = 0; i < 31; i++) {
      expect((await login(`guess${i}`, 'wrong', school)).statusCode).toBe(401);
    }
    const slowed = await login(student.username, student.password, school);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ success: false, message: networkMessage('1 second') });
    expect(slowed.headers['retry-after']).toBe('1');
    // Elsewhere nothing has changed.
    expect((await login(student.username, student.password, '10.24.0.2')).statusCode).toBe(200);

    // Once the delay has passed, a right password from the same address gets in.
    t.clock.now += 1000;
    expect((await login(student.username, student.password, school)).statusCode).toBe(200);

    // Each further failure doubles the wait, up to a minute.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await login(`more${i}`, 'wrong', school)).statusCode).toBe(401);
      const refused = await login(student.username, student.password, school);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(refused.json().message).toBe(
        networkMessage(seconds < 60 ? `${seconds} seconds` : '1 minute'),
      );
      waits.push(seconds);
      t.clock.now += seconds * 1000;
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
    // Never a lockout: after the last wait the student gets in.
    expect((await login(student.username, student.password, school)).statusCode).toBe(200);
  });

  it('stops a username for the hour after a hundred failures spread over many addresses', async () => {
    const student = await t.student();
    for (let a = 0; a < 20; a++) {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () => login(student.username, 'wrong', `10.25.${a}.1`)),
      );
      expect(statuses.map((s) => s.statusCode)).toEqual([401, 401, 401, 401, 401]);
    }
    const blocked = await login(student.username, student.password, '10.25.99.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: accountMessage('60 minutes') });
    expect(blocked.headers['retry-after']).toBe('3600');

    t.clock.now += 59 * 60_000;
    const stillBlocked = await login(student.username, student.password, '10.25.99.2');
    expect(stillBlocked.json()).toEqual({ success: false, message: accountMessage('1 minute') });
    t.clock.now += 60_000;
    expect((await login(student.username, student.password, '10.25.99.3')).statusCode).toBe(200);
  }, 60_000);

  it('an admin’s password reset clears the username’s counts', async () => {
    const admin = await t.admin();
    const student = await t.student();
    for (let i = 0; i < 5; i++) await login(student.username, 'wrong', '10.26.0.1');
    expect((await login(student.username, student.password, '10.26.0.1')).statusCode).toBe(429);
    const reset = await t.call('resetPassword', admin.token, {
      user_id: student.id,
      new_password: 'fresh-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(student.username, 'fresh-password-1', '10.26.0.1')).statusCode).toBe(200);
  });
});

describe('bookkeeping', () => {
  it('refuses nothing below the limits when instances’ clocks are a little apart', async () => {
    const student = await t.student();
    await login(student.username, 'wrong', '10.28.0.1');
    // The next request is served by an instance whose clock is 50 ms behind.
    t.clock.now -= 50;
    expect((await login(student.username, 'wrong', '10.28.0.1')).statusCode).toBe(401);
    expect((await login(student.username, student.password, '10.28.0.1')).statusCode).toBe(200);
    t.clock.now += 50;
  });

  it('trims counts whose window has passed when a later failure is recorded', async () => {
    await login('long-gone', 'wrong', '10.27.0.1');
    const rowsOf = async (username: string) =>
      (
        await t.database.db
          .selectFrom('login_attempts')
          .select('scope')
          .where('username', '=', username)
          .execute()
      ).length;
    expect(await rowsOf('long-gone')).toBeGreaterThan(0);
    t.clock.now += 60 * 60_000;
    await login('recent', 'wrong', '10.27.0.2');
    expect(await rowsOf('long-gone')).toBe(0);
    expect(await rowsOf('recent')).toBeGreaterThan(0);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => behind.close());

  /**
   * A login through the proxy at 10.99.0.1, which appends the address it saw to whatever
   * X-Forwarded-For the client sent, as nginx and cloud load balancers do.
   */
  const viaProxy = (username: string, password: string, client: string, claimed?: string) => {
    const body = form({ username, password });
    return behind.inject({
      method: 'POST',
      url: '/api/login.php',
      remoteAddress: '10.99.0.1',
      payload: body.payload,
      headers: {
        ...body.headers,
        'x-forwarded-for': claimed ? `${claimed}, ${client}` : client,
      },
    });
  };

  it('counts the address the proxy saw, not one a client wrote into X-Forwarded-For', async () => {
    const owner = await behind.student();
    // A guesser at 198.51.100.9 claims a fresh address with every guess.
    for (let i = 0; i < 5; i++) {
      const guess = await viaProxy(owner.username, 'wrong', '198.51.100.9', `203.0.113.${i}`);
      expect(guess.statusCode).toBe(401);
    }
    const sixth = await viaProxy(owner.username, owner.password, '198.51.100.9', '203.0.113.77');
    expect(sixth.statusCode).toBe(429);
  });

  it('cannot be used to lock the owner out by claiming the owner’s address', async () => {
    const owner = await behind.student();
    for (let i = 0; i < 5; i++) {
      await viaProxy(owner.username, 'wrong', '198.51.100.10', '192.0.2.2');
    }
    expect((await viaProxy(owner.username, owner.password, '192.0.2.2')).statusCode).toBe(200);
  });
});
