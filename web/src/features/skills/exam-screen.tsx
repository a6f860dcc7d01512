import { SkillItemPage } from './skill-item-page';

/** /exam-page */
export default function ExamScreen() {
  return <SkillItemPage kind="exam" />;
}
