import { SkillItemPage } from './skill-item-page';

/** /reading-page */
export default function ReadingScreen() {
  return <SkillItemPage kind="reading" />;
}
