import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallPayload,
  createTestApp,
  present,
  type TestApp,
} from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';
import { describePayload } from './audit-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = (token: string, filters: CallPayload<'auditLog'> = {}) =>
  t.call('auditLog', token, filters);

describe('the audit log', () => {
  it('records a successful admin write with who, what, on whom and when, hiding passwords', async () => {
    const admin = await t.admin({ name: 'Head Teacher' });
    const student = await t.student({ name: 'Sara' });
    const res = await t.call('resetPassword', admin.token, {
      user_id: student.id,
      new_password: 'secret-new-pass',
    });
    expect(res.statusCode).toBe(200);
    const body = (await log(admin.token, { action: 'resetPassword' })).json();
    expect(body.entries[0]).toMatchObject({
      actor_name: 'Head Teacher',
      action: 'resetPassword',
      target_user_id: student.id,
      target_user_name: 'Sara',
      target_user_deleted: false,
      created_at: new Date(t.clock.now).toISOString().slice(0, 19).replace('T', ' '),
    });
    expect(body.entries[0]?.details).toContain('"new_password":"[hidden]"');
    expect(body.entries[0]?.details).not.toContain('secret-new-pass');
  });

  it('does not record refused or failed writes, reads, or students’ own writes', async () => {
    const admin = await t.admin();
    const student = await t.student();
    const before = (await log(admin.token)).json().entries.length;
    await t.call('setUserActive', admin.token, { user_id: 999999, active: 0 });
    await t.call('setUserActive', student.token, { user_id: student.id, active: 0 });
    await t.call('getUsers', admin, {});
    await t.call('changePassword', student.token, {
      current_password: student.password,
      new_password: 'another-password',
    });
    expect((await log(admin.token)).json().entries.length).toBe(before);
  });

  it('records student calls an admin makes for a student, JSON and multipart, but not reads', async () => {
    const admin = await t.admin({ name: 'Office' });
    const student = await t.student({ name: 'Reza' });
    const card = await t.call('addCard', student.token, {
      user_id: student.id,
      front_text: 'apple',
      back_text: 'fruit',
    });
    expect(card.statusCode).toBe(200);
    const [own] = (await t.call('getUserCards', admin.token, { user_id: student.id })).json().cards;
    if (!own) throw new Error('the card was not listed');
    const deleted = await t.call('deleteCard', admin.token, {
      user_id: student.id,
      card_id: own.id,
    });
    expect(deleted.statusCode).toBe(200);
    const uploaded = await t.call('uploadAssignment', admin.token, {
      user_id: String(student.id),
      subject: 'Scanned at the office',
      'files[]': { filename: 'work.pdf', content: samples.pdf, type: 'application/pdf' },
    });
    expect(uploaded.statusCode).toBe(200);

    const entries = (await log(admin.token)).json().entries;
    expect(entries[0]).toMatchObject({
      actor_name: 'Office',
      action: 'uploadAssignment',
      target_user_id: student.id,
      target_user_name: 'Reza',
    });
    expect(entries[0]?.details).toContain('Scanned at the office');
    expect(entries[1]).toMatchObject({ action: 'deleteCard', target_user_id: student.id });
    // The admin's read of the student's cards (a POST in the spec) is not a change.
    expect(entries.some((e: { action: string }) => e.action === 'getUserCards')).toBe(false);
    // The student's own card is their business, not the log's.
    expect(entries.some((e: { action: string }) => e.action === 'addCard')).toBe(false);
  });

  it('names what each change was about and the students a payload names, beside their ids', async () => {
    const admin = await t.admin({ name: 'Sara' });
    const ali = await t.student({ name: 'Ali Rezaei' });
    const mina = await t.student({ name: 'Mina' });
    const saved = await t.call('saveSkillItem', admin.token, {
      kind: 'reading',
      title: 'The Old Man and the Sea',
      access_start: new Date(t.clock.now).toISOString(),
      access_end: new Date(t.clock.now + 3_600_000).toISOString(),
      link_url: 'https://files.example.com/sea.pdf',
      student_ids: JSON.stringify([mina.id, ali.id]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = await t.call('addCard', ali.token, {
      user_id: ali.id,
      front_text: 'apple',
      back_text: 'fruit',
    });
    expect(card.statusCode).toBe(200);
    const [own] = (await t.call('getUserCards', ali.token, { user_id: ali.id })).json().cards;
    if (!own) throw new Error('the card was not listed');
    const edited = await t.call('studentUpdateCard', admin.token, {
      user_id: ali.id,
      card_id: own.id,
      front_text: 'apple',
      back_text: 'a fruit',
    });
    expect(edited.statusCode).toBe(200);

    const [cardEntry, itemEntry] = (await log(admin.token)).json().entries;
    expect(cardEntry).toMatchObject({
      action: 'studentUpdateCard',
      target_user_name: 'Ali Rezaei',
      subject: 'apple',
      student_names: [],
    });
    expect(itemEntry).toMatchObject({
      action: 'saveSkillItem',
      actor_name: 'Sara',
      subject: null,
      student_names: ['Mina', 'Ali Rezaei'],
    });

    // Deleted, the card has no name to give any more.
    await t.call('deleteCard', admin.token, { user_id: ali.id, card_id: own.id });
    const entries = (await log(admin.token)).json().entries;
    expect(entries[0]).toMatchObject({ action: 'deleteCard', subject: null });
    expect(entries[1]).toMatchObject({ action: 'studentUpdateCard', subject: null });
  });

  it('pages newest first', async () => {
    const admin = await t.admin();
    const student = await t.student();
    for (let i = 0; i < 55; i++) {
      await t.call('setUserActive', admin.token, { user_id: student.id, active: i % 2 ? 1 : 0 });
    }
    const first = (await log(admin.token, { action: 'setUserActive' })).json();
    expect(first.entries).toHaveLength(50);
    expect(present(first.entries[0], 'the newest').id).toBeGreaterThan(
      present(first.entries[1], 'the next').id,
    );
    const second = (
      await log(admin.token, {
        action: 'setUserActive',
        before_id: present(first.next_before_id, 'the next page'),
      })
    ).json();
    expect(second.entries).toHaveLength(5);
    expect(second.next_before_id).toBeNull();
  });

  it('keeps the name of a deleted user in the entries about them, their deletion included', async () => {
    const admin = await t.admin({ name: 'Registrar' });
    const student = await t.student({ name: 'Parisa Karimi' });
    const reset = await t.call('resetPassword', admin.token, {
      user_id: student.id,
      new_password: 'before-leaving-1',
    });
    expect(reset.statusCode).toBe(200);
    const deleted = await t.call('deleteUser', admin.token, { user_id: student.id });
    expect(deleted.statusCode).toBe(200);
    const entries = (await log(admin.token)).json().entries;
    expect(entries[0]).toMatchObject({
      action: 'deleteUser',
      target_user_id: student.id,
      target_user_name: 'Parisa Karimi',
      target_user_deleted: true,
    });
    expect(entries[1]).toMatchObject({
      action: 'resetPassword',
      target_user_id: student.id,
      target_user_name: 'Parisa Karimi',
    });
  });

  it('is for admins only', async () => {
    const student = await t.student();
    expect((await log(student.token)).statusCode).toBe(403);
    expect((await t.call('auditLog', undefined, {})).statusCode).toBe(401);
  });
});

describe('describePayload', () => {
  it('hides secrets at any depth and cuts long payloads', () => {
    expect(describePayload({ password: 'x', nested: { token: 'y' }, name: 'ok' })).toBe(
      '{"password":"[hidden]","nested":{"token":"[hidden]"},"name":"ok"}',
    );
    expect(describePayload({ text: 'a'.repeat(5000) })).toHaveLength(2000);
  });
});
