import { defineRoutes } from './meta.js';

/**
 * New (issue 52, point 7): teachers' pay from the roll. A teacher's month is worked out from
 * the sessions whose roll they took (who took the roll taught: a substitute is paid for the
 * session they covered), at their rate, with the administrators' bonuses and deductions. A
 * teacher reads their own month; the administrators read and set everyone's.
 */
export const tuitionPayRoutes = defineRoutes({
  /** A teacher's hourly rate, or their rate for one class, from a month on. */
  setTeacherRate: {
    method: 'POST',
    path: '/api/set_teacher_rate.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /**
   * A teacher's statement for a month: a teacher's own (teacher_id left out, or their own);
   * an administrator names the teacher. Lists: a teacher reads only themself.
   */
  teacherPay: {
    method: 'GET',
    path: '/api/teacher_pay.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /** Every teacher's total for a month. */
  teacherPayList: {
    method: 'GET',
    path: '/api/teacher_pay_list.php',
    access: 'admin',
    encoding: 'query',
  },
  /** A month's pay as CSV: each teacher's sessions and adjustments, and their total. */
  exportTeacherPay: {
    method: 'GET',
    path: '/api/export_teacher_pay.php',
    access: 'admin',
    encoding: 'query',
  },
  /** A bonus or a deduction on a teacher's month, with its reason. */
  addPayAdjustment: {
    method: 'POST',
    path: '/api/add_pay_adjustment.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
  /** Cancels an adjustment (a row that voids it; nothing is deleted). */
  voidPayAdjustment: {
    method: 'POST',
    path: '/api/void_pay_adjustment.php',
    access: 'admin',
    encoding: 'json',
    changes: ['tuition'],
  },
});
