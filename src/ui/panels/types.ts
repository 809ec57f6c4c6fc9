import type { Game, GameSnapshot } from '../../doc';

/** What every panel gets: the game (for commands), the read-only store, and whose panel it is. */
export interface PanelProps {
  game: Game;
  state: GameSnapshot;
  /** The seat shown. */
  seat: string;
  /** The seat shown is this phone's: controls are shown; otherwise the panel is read-only. */
  mine: boolean;
  /** Runs a command, showing its error to the player; true when it went through. */
  run: (fn: () => void) => boolean;
}

