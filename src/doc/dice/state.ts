/** What the table holds of each shared draw: who committed, who opened, and the seed once all have. */
export interface SharedDraw {
  /** The seats that take part: every seat of the game when the first commitment arrived, in table order. */
  seats: string[];
  commits: Record<string, string>;
  opened: Record<string, string>;
  /** SHA-256 of the game id, the purpose and every opened value (rules/setup.ts `combineSeed`), hex; null until all are open. */
  seed: string | null;
}

export type DiceState = Record<string, SharedDraw>;
