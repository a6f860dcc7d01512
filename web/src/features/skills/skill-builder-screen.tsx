import { BookOpen, Headphones, Mic, ScrollText } from 'lucide-react';
import { paths } from '../../app/paths';
import { Screen, Tile, TileGrid } from '../../ui';

/** /skill-builder: the four skills. */
export default function SkillBuilderScreen() {
  return (
    <Screen
      title="Skill Builder"
      subtitle="Pick a skill to practise."
      back={{ to: paths.userHome, label: 'Back to Home Screen' }}
    >
      <TileGrid label="Skills">
        <Tile to={paths.speakingScreen} icon={<Mic size={24} />} label="Speaking" />
        <Tile to={paths.readingPage} icon={<BookOpen size={24} />} label="Reading" />
        <Tile to={paths.listeningPage} icon={<Headphones size={24} />} label="Listening" />
        <Tile to={paths.storyPage} icon={<ScrollText size={24} />} label="Story" />
      </TileGrid>
    </Screen>
  );
}
