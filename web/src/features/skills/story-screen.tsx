import { SkillItemPage } from './skill-item-page';

/** /story-page */
export default function StoryScreen() {
  return <SkillItemPage kind="story" />;
}
