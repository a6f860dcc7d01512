import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './harness.js';
import { samples } from './samples.js';

/**
 * The harness's `call` encodes a payload the way the route table says; these calls would be
 * refused or read wrongly if it did not (a query value in a body, a list of files as one).
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  student = await t.student();
});
afterAll(() => t.close());

describe('call', () => {
  it('sends a form call signed out, and types its answer', async () => {
    const res = await t.call('login', undefined, {
      username: student.username,
      password: student.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.user_id).toBe(student.id);
    expect(answer.role).toBe('user');
  });

  it('sends a JSON call, and a query call with a number in its query', async () => {
    const added = await t.call('addCard', student, {
      user_id: student.id,
      front_text: 'apple',
      back_text: 'سیب',
    });
    expect(added.statusCode, added.body).toBe(200);
    const cards = await t.call('getCards', student.token, { user_id: student.id });
    expect(cards.json()).toMatchObject([{ front_text: 'apple', back_text: 'سیب' }]);
  });

  it('sends a multipart call with text fields and a list of files as the field repeated', async () => {
    const res = await t.call('uploadAssignment', student, {
      user_id: String(student.id),
      subject: 'Two pages',
      'files[]': [
        { filename: 'one.pdf', content: samples.pdf },
        { filename: 'two.png', content: samples.png },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const inbox = await t.call('sendToInbox', admin, { user_id: student.id });
    const [item] = inbox.json().assignments;
    expect(item?.subject).toBe('Two pages');
    expect(item?.files).toHaveLength(2);
  });

  it('sends the caller’s token, and none for nobody', async () => {
    expect((await t.call('getCards', undefined, { user_id: student.id })).statusCode).toBe(401);
    expect((await t.call('getCards', 'not-a-token', { user_id: student.id })).statusCode).toBe(401);
  });

  it('sends what the contract refuses only through callUnchecked', async () => {
    // @ts-expect-error front_text is text: the typed call does not take a number.
    const typed = () => t.call('addCard', student, { user_id: student.id, front_text: 1 });
    expect(typed).toBeTypeOf('function');
    const res = await t.callUnchecked('addCard', student, { user_id: 'abc', front_text: 'x' });
    expect(res.statusCode).toBe(400);
  });
});
