import { defineRoutes } from './meta.js';

/**
 * New (issue 30, points 5–6): what a published result is handed out as. A student's report card
 * and, for a pass, a certificate, each a PDF made on the server; a class's report cards of a term
 * as one PDF to print; the public check of a certificate's code; a class's level and the class
 * of the next level, and moving the students who passed there.
 */
export const reportRoutes = defineRoutes({
  /**
   * One published result as a one-page report card (PDF). A student: their own; a teacher: a
   * student of their classes (checked in the handler: a result's student); an administrator: any.
   */
  getReportCard: {
    method: 'GET',
    path: '/api/get_report_card.php',
    access: 'user',
    encoding: 'query',
    file: 'pdf',
  },
  /** A passing result's certificate (PDF), with its code and a QR code of the public check. */
  getCertificate: {
    method: 'GET',
    path: '/api/get_certificate.php',
    access: 'user',
    encoding: 'query',
    file: 'pdf',
  },
  /** A class's published report cards of a term, one page a student, as one PDF to print. */
  getClassReportCards: {
    method: 'GET',
    path: '/api/get_class_report_cards.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
    file: 'pdf',
  },
  /** Anyone: what a certificate's code certifies (only that), throttled per address. */
  verifyCertificate: {
    method: 'GET',
    path: '/api/verify_certificate.php',
    access: 'public',
    encoding: 'query',
  },
  /** A class's level and the class of the next level (a teacher: among their classes). */
  setClassLevel: {
    method: 'POST',
    path: '/api/set_class_level.php',
    access: 'staff',
    encoding: 'json',
    reach: { class_id: 'class', next_class_id: 'class' },
    changes: ['classes'],
  },
  /** Whether a class's results of a term are published, and how many who passed could move up. */
  getClassPromotion: {
    method: 'GET',
    path: '/api/get_class_promotion.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** Moves a class's students who passed a term into the next level's class, in one step. */
  movePassingStudents: {
    method: 'POST',
    path: '/api/move_passing_students.php',
    access: 'admin',
    encoding: 'json',
    changes: ['classes', 'schedule'],
  },
});
