import { BookMarked, Grid3x3 } from 'lucide-react';
import { backTo } from '../../shared/paths';
import { Card, Screen } from '../../ui';
import styles from './skills.module.css';

const games = [
  { name: 'Crossword Puzzle', icon: <Grid3x3 size={40} aria-hidden="true" /> },
  { name: 'Interactive Story', icon: <BookMarked size={40} aria-hidden="true" /> },
];

/** /game: the game chooser; both games are coming soon. */
export default function GameScreen() {
  return (
    <Screen title="Choose Your Game" back={backTo.home}>
      <ul className={styles.games} aria-label="Games">
        {games.map((game) => (
          <li key={game.name} className={styles.soon} aria-disabled="true">
            <Card className={styles.gameCard}>
              {game.icon}
              <h2>{game.name}</h2>
            </Card>
            <span className={styles.soonLabel}>Coming Soon</span>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
