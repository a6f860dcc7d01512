import { defineRoutes } from './meta.js';

/**
 * New (issue 30, points 3–5): a term's results. Staff fill a class's sheet of a term (typed
 * scores; the rest computed from corrections, spoken answers and the roll), which students
 * never see until it is published; publishing freezes each student's result and tells them.
 * The scheme (components and weights) and the bands are the academy's, set by administrators.
 */
export const resultRoutes = defineRoutes({
  /** A class's sheet of a term: every member's scores, total and outcome, as they stand now. */
  getResultSheet: {
    method: 'GET',
    path: '/api/get_result_sheet.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** Typed scores, one or many (a cell, or a column pasted from a spreadsheet). */
  saveResultScores: {
    method: 'POST',
    path: '/api/save_result_scores.php',
    access: 'staff',
    encoding: 'json',
    reach: { class_id: 'class' },
    changes: ['results'],
  },
  /**
   * A student's component excused (left out, its weight spread over the rest) or overridden
   * with a score and a reason, or neither again (issue 49, point 9).
   */
  saveResultAdjustment: {
    method: 'POST',
    path: '/api/save_result_adjustment.php',
    access: 'staff',
    encoding: 'json',
    reach: { class_id: 'class' },
    changes: ['results'],
  },
  /** Freezes the sheet's results and tells each student; again: publishes what changed. */
  publishResults: {
    method: 'POST',
    path: '/api/publish_results.php',
    access: 'staff',
    encoding: 'json',
    reach: { class_id: 'class' },
    changes: ['results', 'notifications'],
  },
  /** The scheme in force for a class (its own or the academy's), or the academy's, and the bands. */
  getResultScheme: {
    method: 'GET',
    path: '/api/get_result_scheme.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** The academy's scheme (no class), or a class's own; `use_academy` gives a class the academy's again. */
  saveResultScheme: {
    method: 'POST',
    path: '/api/save_result_scheme.php',
    access: 'admin',
    encoding: 'json',
    changes: ['results'],
  },
  saveResultBands: {
    method: 'POST',
    path: '/api/save_result_bands.php',
    access: 'admin',
    encoding: 'json',
    changes: ['results'],
  },
  /** The sheet as CSV: student, username, a column per component, total, outcome. */
  exportResultSheet: {
    method: 'GET',
    path: '/api/export_result_sheet.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
  },
  /** The same sheet as an XLSX spreadsheet. */
  exportResultSheetXlsx: {
    method: 'GET',
    path: '/api/export_result_sheet_xlsx.php',
    access: 'staff',
    encoding: 'query',
    reach: { class_id: 'class' },
    file: 'xlsx',
  },
  /**
   * Reads a CSV of marks against the sheet and names every row's problems; writes nothing.
   * The screen then saves the rows without problems through saveResultScores.
   */
  previewResultImport: {
    method: 'POST',
    path: '/api/preview_result_import.php',
    access: 'staff',
    encoding: 'json',
    readsOnly: true,
    reach: { class_id: 'class' },
  },
  /** A student's published results, term by term (staff: a student's, by user_id). */
  getResults: {
    method: 'GET',
    path: '/api/get_results.php',
    access: 'user',
    encoding: 'query',
  },
});
