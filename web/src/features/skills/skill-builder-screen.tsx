import { BookOpen, Headphones, Mic, ScrollText } from 'lucide-react';
import { useFeedbackNews } from '../../api/waiting-counts';
import { backTo, paths } from '../../shared/paths';
import { Badge, Screen, Tile, TileGrid } from '../../ui';

/** /skill-builder: the four skills. */
export default function SkillBuilderScreen() {
  // Replies to speaking answers not yet heard: shown on Speaking, cleared there (issue 27).
  const replies = useFeedbackNews().data?.skill_builder ?? 0;
  return (
    <Screen title="Skill Builder" subtitle="Pick a skill to practise." back={backTo.home}>
      <TileGrid label="Skills">
        <Tile
          to={paths.speakingScreen}
          icon={<Mic size={24} />}
          label="Speaking"
          corner={
            <Badge
              count={replies}
              label={`${replies} new ${replies === 1 ? 'reply' : 'replies'}`}
            />
          }
        />
        <Tile to={paths.readingPage} icon={<BookOpen size={24} />} label="Reading" />
        <Tile to={paths.listeningPage} icon={<Headphones size={24} />} label="Listening" />
        <Tile to={paths.storyPage} icon={<ScrollText size={24} />} label="Story" />
      </TileGrid>
    </Screen>
  );
}
