/**
 * The one error type commands throw. `message` is written for the player at the table, `code` is for
 * tests and for the UI to pick a remedy (e.g. the update prompt for 'newer-schema').
 */
export type GameErrorCode =
  | 'invalid-input'
  | 'unknown-seat'
  | 'unknown-planet'
  | 'planet-owned'
  | 'not-enough'
  | 'not-allowed'
  | 'newer-schema'
  | 'not-a-game';

export class GameError extends Error {
  override readonly name = 'GameError';
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function fail(code: GameErrorCode, message: string): never {
  throw new GameError(code, message);
}
