/**
 * Widgets that fetch or link to a route (the class and student pickers, the recipients picker,
 * a student's link, the Leitner chart): above ui/, which only draws what it is given, and
 * below the features that use them. The web layers, lowest first, each importing only from
 * its own or lower ones (biome.json holds it; docs/decisions.md says why):
 * lib, ui, pwa < api < shared < components, media < features < app.
 */
export { ClassSelect } from './class-select';
export { CsvImportPopup } from './csv-import-popup';
export { FileDownloadButton } from './file-download-button';
export { LeitnerChart, useLeitnerProgress } from './leitner-chart';
export {
  MarkFields,
  type MarkInput,
  markInputOf,
  markPayload,
  markProblem,
  NO_MARK,
  OutOfField,
  outOfProblem,
} from './mark-fields';
export { QuietHoursFields } from './quiet-hours-fields';
export {
  type Recipients,
  RecipientsPicker,
  recipientPayload,
  recipientsProblem,
  useRecipients,
} from './recipients-picker';
export { type ChosenStudent, StudentChecklist } from './student-checklist';
export { StudentLink } from './student-link';
export { StudentSelect } from './student-select';
export { useCsvFile } from './use-csv-file';
