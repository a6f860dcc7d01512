import { SkillItemPage } from './skill-item-page';

/** /listening-page */
export default function ListeningScreen() {
  return <SkillItemPage kind="listening" />;
}
