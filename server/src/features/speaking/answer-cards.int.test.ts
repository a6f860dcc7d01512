import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/harness.js';
import { samples } from '../../test-support/samples.js';

/**
 * Issue 27, point 18: the cards a teacher adds from a speaking answer name it, and the admin's
 * speaking panel lists them under it (speaking_answers.php), to edit and delete with the
 * card calls. And the reply to an answer is told to the student in the reply's transaction.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

interface ListedAnswer {
  id: number;
  user_id: number;
  cards: { id: number; front_text: string; back_text: string }[];
}

async function newQuestion(): Promise<number> {
  const res = await t.call('saveSpeakingQuestion', admin, {
    question_text: `Describe your town ${Math.random()}`,
    start_time: new Date(t.clock.now - HOUR).toISOString(),
    end_time: new Date(t.clock.now + HOUR).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** The student's answer to the question; its id as the admin's list gives it. */
async function answerOf(student: TestUser, questionId: number): Promise<number> {
  const sent = await t.call('sendSpeakingAnswer', student, {
    user_id: String(student.id),
    question_id: String(questionId),
    audio_file: { filename: 'answer.webm', content: samples.webm, type: 'audio/webm' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const listed = await answersOf(questionId);
  const mine = listed.find((a) => a.user_id === student.id);
  if (!mine) throw new Error('the answer is not listed');
  return mine.id;
}

async function answersOf(questionId: number): Promise<ListedAnswer[]> {
  const res = await t.call('speakingAnswers', admin, { question_id: questionId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().answers;
}

const addCard = (caller: TestUser, student: TestUser, front: string, answerId?: number) =>
  t.call('addCard', caller, {
    user_id: student.id,
    front_text: front,
    back_text: `${front} (back)`,
    ...(answerId === undefined ? {} : { speaking_answer_id: answerId }),
  });

async function cardsOf(student: TestUser) {
  const res = await t.call('getUserCards', student, { user_id: student.id });
  return res.json().cards as { id: number; front_text: string; from_teacher: number }[];
}

describe('cards added from a speaking answer', () => {
  it('are listed under that answer only, oldest first, and are teacher cards in the box', async () => {
    const question = await newQuestion();
    const [ana, ben] = [await t.student(), await t.student()];
    const anaAnswer = await answerOf(ana, question);
    const benAnswer = await answerOf(ben, question);

    for (const front of ['I have went', 'more better']) {
      const res = await addCard(admin, ana, front, anaAnswer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().card).toMatchObject({ front_text: front, from_teacher: 1 });
    }
    // A card added for her some other way is not from this answer.
    expect((await addCard(admin, ana, 'from a correction')).statusCode).toBe(200);

    const listed = await answersOf(question);
    const ofAna = listed.find((a) => a.id === anaAnswer);
    expect(ofAna?.cards).toEqual([
      { id: expect.any(Number), front_text: 'I have went', back_text: 'I have went (back)' },
      { id: expect.any(Number), front_text: 'more better', back_text: 'more better (back)' },
    ]);
    expect(listed.find((a) => a.id === benAnswer)?.cards).toEqual([]);
    // They are Ana's cards like any teacher's: in her library, marked as from the teacher.
    const library = await cardsOf(ana);
    expect(library.filter((c) => c.from_teacher === 1)).toHaveLength(3);
  });

  it('are edited and deleted by the admin through the card calls, and the list follows', async () => {
    const question = await newQuestion();
    const student = await t.student();
    const answerId = await answerOf(student, question);
    const keep = (await addCard(admin, student, 'goed', answerId)).json().card.id as number;
    const drop = (await addCard(admin, student, 'childs', answerId)).json().card.id as number;

    const edit = await t.call('studentUpdateCard', admin, {
      user_id: student.id,
      card_id: keep,
      front_text: 'went',
      back_text: 'past of go',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const remove = await t.call('deleteCard', admin, {
      user_id: student.id,
      card_id: drop,
    });
    expect(remove.statusCode, remove.body).toBe(200);

    const cards = (await answersOf(question)).find((a) => a.id === answerId)?.cards;
    expect(cards).toEqual([{ id: keep, front_text: 'went', back_text: 'past of go' }]);
  });

  it('refuses an answer that does not exist or is another student’s alike, adding nothing', async () => {
    const question = await newQuestion();
    const [ana, ben] = [await t.student(), await t.student()];
    const anaAnswer = await answerOf(ana, question);
    const benAnswer = await answerOf(ben, question);

    const missing = await addCard(admin, ana, 'nowhere', anaAnswer + benAnswer + 10_000);
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().message).toBe('This student has no such speaking answer.');
    // Another student's answer is answered as one that does not exist, to the admin as to a
    // student (who must not learn which answers exist).
    for (const caller of [admin, ana]) {
      const others = await addCard(caller, ana, 'not hers', benAnswer);
      expect(others.statusCode, others.body).toBe(404);
      expect(others.json()).toEqual(missing.json());
    }
    const wrongType = await addCard(admin, ana, 'a word', 'seven' as unknown as number);
    expect(wrongType.statusCode, wrongType.body).toBe(400);

    expect(await cardsOf(ana)).toEqual([]);
    expect(await cardsOf(ben)).toEqual([]);
    expect((await answersOf(question)).flatMap((a) => a.cards)).toEqual([]);
  });

  it('stay in the box when the answer goes with its question, and go with the student', async () => {
    const question = await newQuestion();
    const student = await t.student();
    const answerId = await answerOf(student, question);
    const card = (await addCard(admin, student, 'stays', answerId)).json().card.id as number;

    const gone = await t.call('deleteSpeakingQuestion', admin, { id: question });
    expect(gone.statusCode, gone.body).toBe(200);
    const row = await t.database.db
      .selectFrom('flashcards')
      .select(['id', 'speaking_answer_id'])
      .where('id', '=', card)
      .executeTakeFirst();
    expect(row).toEqual({ id: card, speaking_answer_id: null });

    const deleted = await t.call('deleteUser', admin, { user_id: student.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.database.db
      .selectFrom('flashcards')
      .select('id')
      .where('user_id', '=', student.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('a reply to a speaking answer', () => {
  const reply = (answerId: number, text: string) =>
    t.call('replySpeakingAnswer', admin, { answer_id: String(answerId), reply_text: text });
  const toldOf = (answerId: number) =>
    t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('topic', '=', 'spoken_reply')
      .where('ref_id', '=', answerId)
      .execute();

  it('tells the student once per save: a changed reply is news again (docs/decisions.md)', async () => {
    const question = await newQuestion();
    const answerId = await answerOf(await t.student(), question);
    expect((await reply(answerId, 'Good pace.')).statusCode).toBe(200);
    expect(await toldOf(answerId)).toHaveLength(1);
    expect((await reply(answerId, 'Good pace; watch the -ed endings.')).statusCode).toBe(200);
    expect(await toldOf(answerId)).toHaveLength(2);
  });

  it('is not saved when the student cannot be told: one transaction', async () => {
    const question = await newQuestion();
    const answerId = await answerOf(await t.student(), question);
    const { db, dialect } = t.database;
    // The notification's insert fails (as a full disk or a lost connection would): the
    // reply written before it in the same transaction must not stay.
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION refuse_reply_news() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'the notification could not be written'; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_reply_news BEFORE INSERT ON notifications FOR EACH ROW
        WHEN (NEW.topic = 'spoken_reply') EXECUTE FUNCTION refuse_reply_news()`.execute(db);
    } else {
      await sql`CREATE TRIGGER refuse_reply_news BEFORE INSERT ON notifications
        WHEN NEW.topic = 'spoken_reply'
        BEGIN SELECT RAISE(ABORT, 'the notification could not be written'); END`.execute(db);
    }
    try {
      const res = await reply(answerId, 'Never seen.');
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_reply_news${dialect === 'postgres' ? sql` ON notifications` : sql``}`.execute(
        db,
      );
    }
    const row = await db
      .selectFrom('speaking_answers')
      .select(['reply_text', 'replied_at'])
      .where('id', '=', answerId)
      .executeTakeFirst();
    expect(row).toEqual({ reply_text: null, replied_at: null });
    expect(await toldOf(answerId)).toEqual([]);
  });
});
