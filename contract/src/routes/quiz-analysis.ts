import { defineRoutes } from './meta.js';

/**
 * Item analysis of a quiz (issue 51, point 7): for a teacher, how each item did (facility,
 * discrimination, the most-chosen wrong answer, the median time, dubious items) and how the
 * quiz's marks spread. Reads only; a teacher sees the quiz as `quizAttempts` does (the `quiz`
 * reach) and its figures come from their own students' attempts alone.
 *
 * The files follow the result sheet's pair (exportResultSheet, exportResultSheetXlsx): the CSV
 * travels as JSON text for the shared export button, the XLSX as the file itself.
 */
export const quizAnalysisRoutes = defineRoutes({
  /** A quiz's item analysis and its marks' distribution, from the counted attempts. */
  quizAnalysis: {
    method: 'GET',
    path: '/api/quiz_analysis.php',
    access: 'staff',
    encoding: 'query',
    reach: { quiz_id: 'quiz' },
    // Its figures are over the teacher's own students only, narrowed in its handler.
    lists: true,
  },
  /** The item analysis as CSV: one row per item. */
  exportQuizAnalysis: {
    method: 'GET',
    path: '/api/export_quiz_analysis.php',
    access: 'staff',
    encoding: 'query',
    reach: { quiz_id: 'quiz' },
    lists: true,
  },
  /** The same as an XLSX spreadsheet: the items, and the marks' distribution on a second sheet. */
  exportQuizAnalysisXlsx: {
    method: 'GET',
    path: '/api/export_quiz_analysis_xlsx.php',
    access: 'staff',
    encoding: 'query',
    reach: { quiz_id: 'quiz' },
    lists: true,
    file: 'xlsx',
  },
});
