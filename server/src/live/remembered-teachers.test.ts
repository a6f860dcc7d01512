import { describe, expect, it } from 'vitest';
import { rememberedTeachers, TEACHERS_KEPT_MS } from './remembered-teachers.js';

/** A look-up that counts its asks; student 1 is taught by teacher 10 until `moved`. */
function lookUp() {
  const asked: number[][] = [];
  let moved = false;
  const teachersOf = async (ids: readonly number[]) => {
    asked.push([...ids]);
    return ids.includes(1) ? [moved ? 11 : 10] : [];
  };
  return { asked, teachersOf, move: () => (moved = true) };
}

describe('rememberedTeachers', () => {
  it('asks once for a student within the kept time, and again after it', async () => {
    let now = 1_000;
    const db = lookUp();
    const teachers = rememberedTeachers(db.teachersOf, () => now);
    expect(await teachers.teachersOf([1])).toEqual([10]);
    db.move();
    now += TEACHERS_KEPT_MS - 1;
    expect(await teachers.teachersOf([1])).toEqual([10]);
    expect(db.asked).toEqual([[1]]);
    now += 1;
    expect(await teachers.teachersOf([1])).toEqual([11]);
    expect(db.asked).toEqual([[1], [1]]);
  });

  it('asks again at once once told to forget (a change to who teaches whom)', async () => {
    const db = lookUp();
    const teachers = rememberedTeachers(db.teachersOf, () => 0);
    await teachers.teachersOf([1]);
    db.move();
    teachers.forget();
    expect(await teachers.teachersOf([1])).toEqual([11]);
    expect(db.asked).toHaveLength(2);
  });

  it('never remembers several students looked up together', async () => {
    const db = lookUp();
    const teachers = rememberedTeachers(db.teachersOf, () => 0);
    await teachers.teachersOf([1, 2]);
    await teachers.teachersOf([1, 2]);
    expect(db.asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });
});
