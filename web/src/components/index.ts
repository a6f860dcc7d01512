export { ClassSelect } from './class-select';
export { LeitnerChart, useLeitnerProgress } from './leitner-chart';
export {
  type Recipients,
  RecipientsPicker,
  recipientPayload,
  recipientsProblem,
  useStartingRecipients,
} from './recipients-picker';
export { type ChosenStudent, StudentChecklist } from './student-checklist';
export { StudentLink } from './student-link';
export { StudentSelect } from './student-select';
