import type { APIRequestContext } from '@playwright/test';
import type { Currency } from '../contract/src/tuition/money.js';
import { postOk } from './support.js';

/**
 * What the tuition specs stand on (issue 52), made through the API as the office would: the
 * academy's currency, a term of its own, and a class charged a fee plan. The browser suite's
 * academy is shared by every spec: the currency is set once (its decimals are fixed once money
 * exists), and each spec's term takes a day no other term has.
 */

/** The academy's currency: the one set, or the rial set now (no money recorded yet). */
export async function academyCurrency(api: APIRequestContext, token: string): Promise<Currency> {
  const headers = { Authorization: `Bearer ${token}` };
  const { settings } = await (await api.get('/api/get_settings.php', { headers })).json();
  if (settings.currency) return settings.currency as Currency;
  await postOk(api, token, '/api/save_settings.php', {
    multipart: { currency_code: 'IRR', currency_name: 'Rial', currency_decimals: '0' },
  });
  return { code: 'IRR', name: 'Rial', decimals: 0 };
}

/**
 * A term of one day long ago, on a day of its own (terms may not share a day; a term long past
 * moves no one's current figures), tried at a few days drawn from `name`.
 */
export async function termOfItsOwn(
  api: APIRequestContext,
  token: string,
  name: string,
): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const seed = [...name].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1_000_003, 7);
  for (let attempt = 0; attempt < 8; attempt++) {
    const offset = (seed + attempt * 7919) % 30_000;
    const day = new Date(Date.UTC(1850, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const saved = await api.post('/api/save_term.php', {
      headers,
      data: { name: `${name} ${attempt}`, first_day: day, last_day: day },
    });
    if (saved.ok()) return (await saved.json()).id as number;
  }
  throw new Error(`No day of its own for the term ${name}.`);
}

export interface PlanPart {
  label: string;
  due: { kind: 'on_joining' } | { kind: 'on_date'; day: string };
  amount: number;
}

/**
 * A class of these students, in a term of its own, charged a plan of these parts (its tuition
 * their sum, no items): what the desk, the debtors and the student's screens start from.
 */
export async function chargedClass(
  api: APIRequestContext,
  token: string,
  plan: { name: string; studentIds: number[]; parts: PlanPart[] },
): Promise<{ classId: number; termId: number }> {
  const { class_id: classId } = await postOk(api, token, '/api/create_class.php', {
    data: { name: plan.name },
  });
  await postOk(api, token, '/api/add_class_students.php', {
    data: { class_id: classId, user_ids: plan.studentIds },
  });
  const termId = await termOfItsOwn(api, token, `${plan.name} term`);
  await postOk(api, token, '/api/save_fee_plan.php', {
    data: {
      class_id: classId,
      term_id: termId,
      tuition: plan.parts.reduce((sum, part) => sum + part.amount, 0),
      items: [],
      parts: plan.parts,
    },
  });
  await postOk(api, token, '/api/charge_class_fees.php', {
    data: { class_id: classId, term_id: termId },
  });
  return { classId, termId };
}
