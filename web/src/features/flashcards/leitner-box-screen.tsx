import { Brain, Library, SquarePlus } from 'lucide-react';
import { readStoredUser } from '../../api/session';
import { LeitnerChart } from '../../components';
import { backTo, paths } from '../../shared/paths';
import { Screen, Stack, Tile, TileGrid } from '../../ui';

/** /leitnerbox: the three parts of the Leitner box, and the box as a chart (issue 21). */
export default function LeitnerBoxScreen() {
  return (
    <Screen
      title="Leitner Box"
      subtitle="Make cards, keep them, and practise the ones that are due."
      back={backTo.home}
    >
      <Stack gap="lg">
        <TileGrid label="Leitner box">
          <Tile to={paths.addCard} icon={<SquarePlus size={24} />} label="Card Creator" />
          <Tile to={paths.cardLibrary} icon={<Library size={24} />} label="Card Library" />
          <Tile to={paths.flashcardBox} icon={<Brain size={24} />} label="Flashcard Challenge" />
        </TileGrid>
        <LeitnerChart userId={readStoredUser()?.id} />
      </Stack>
    </Screen>
  );
}
