import type { tuitionPaySchemas } from '@academy/contract';
import type { AccessCase } from './access-case.js';

/**
 * Teachers' pay (issue 52, point 7): the administrators set rates and adjustments and read
 * every teacher's month. A teacher reads only their own month: the case leaves the teacher out,
 * so each teacher is answered with their own pay and nothing of A's (a teacher naming another
 * is refused: features/tuition/pay.int.test.ts). No student reads any of it.
 */
const MONTH = '2026-11';

export const tuitionPayCases: Record<keyof typeof tuitionPaySchemas, AccessCase> = {
  setTeacherRate: { payload: (w) => ({ teacher_id: w.teacher.id, hourly: 600_000 }) },
  teacherPay: { payload: () => ({ month: MONTH }) },
  teacherPayList: { payload: () => ({ month: MONTH }) },
  exportTeacherPay: { payload: () => ({ month: MONTH }) },
  addPayAdjustment: {
    payload: (w) => ({
      teacher_id: w.teacher.id,
      month: MONTH,
      kind: 'bonus',
      amount: 100_000,
      reason: 'Matrix bonus',
    }),
  },
  voidPayAdjustment: {
    payload: (w) => ({ adjustment_id: w.ids.payAdjustment, reason: 'Matrix void' }),
  },
};
