/**
 * Every phone referees a shared draw: a commitment only before any value of its draw is open (once one is
 * out, a late commitment could be chosen to steer the result), an opening only once every seat has
 * committed, and only one that matches its own commitment (a value changed after seeing the others'
 * is refused and named). The seed follows from the openings alone, the same on every phone.
 */
import { toHexString } from 'lib0/buffer';
import { combineSeed } from '../../crypto/sharedRandom';
import { matches } from '../../crypto/commit';
import type { FoldTable } from '../core/module';
import type { EventOf, SeatInfo } from '../core/types';
import type { DiceState, SharedDraw } from './state';
import { openedIn } from './views';

/** The vote id a draw's commitments are bound to (crypto/commit.ts binds game, vote and seat). */
export const drawId = (purpose: string): string => `seed:${purpose}`;

export class DiceFold {
  readonly #draws: DiceState = {};
  /** The last copy handed out by `result`, until a draw's event is folded. */
  #out: DiceState | undefined;

  constructor(
    private readonly gameId: string,
    private readonly seats: readonly SeatInfo[],
  ) {}

  apply(e: EventOf<'seed'>, table: Pick<FoldTable, 'problem'>): void {
    this.#out = undefined;
    const name = (seat: string) => this.seats.find((s) => s.id === seat)?.name ?? seat;
    const refuse = (why: string) => table.problem(`${name(e.seat)}'s part in the shared draw "${e.purpose}" was refused: ${why}`);
    if (!this.seats.some((s) => s.id === e.seat)) return refuse('that seat is not in this game.');
    const draw: SharedDraw = (this.#draws[e.purpose] ??= { seats: [...this.seats].sort((a, b) => a.position - b.position).map((s) => s.id), commits: {}, opened: {}, seed: null });
    if (!draw.seats.includes(e.seat)) return refuse('that seat does not take part in this draw.');
    if ('hash' in e) {
      if (Object.keys(draw.opened).length) return refuse('a value of this draw is already open, so no commitment may follow.');
      if (draw.commits[e.seat]) return refuse('that seat has already committed.');
      draw.commits[e.seat] = e.hash;
      return;
    }
    const hash = draw.commits[e.seat];
    if (draw.opened[e.seat]) return refuse('that seat has already opened its value.');
    if (draw.seats.some((s) => !draw.commits[s])) return refuse('a value is opened only once every seat has committed.');
    if (!hash || !matches(hash, this.gameId, drawId(e.purpose), e.seat, { choice: e.value, salt: e.salt })) {
      return refuse('it does not match its commitment (a value changed after the others committed).');
    }
    draw.opened[e.seat] = e.value;
    if (draw.seats.every((s) => draw.opened[s])) {
      draw.seed = toHexString(combineSeed(`${this.gameId}/${e.purpose}`, draw.seats.map((seat) => ({ seat, value: draw.opened[seat] as string }))));
    }
  }

  seed(purpose: string): string | null {
    return this.#draws[purpose]?.seed ?? null;
  }

  opened(purpose: string): string[] {
    return openedIn(this.#draws)(purpose);
  }

  /** A deep copy of the draws, the same one until a draw's event is folded. */
  result(): DiceState {
    return (this.#out ??= structuredClone(this.#draws));
  }
}
