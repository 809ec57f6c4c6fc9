/**
 * The seat this phone holds and the name it goes by: the commands that change who is who at the table,
 * and the table's going on without a newer phone's change,
 * above the game's log, write path and moves' runner (`GameCore`, `MovingCore`), below every part's
 * commands (`doc/game.ts`).
 */
import { breachMessage, WRITE_BOUNDS } from './bounds';
import { requireSeat } from './context';
import { fail } from './errors';
import { MovingCore } from './runner';
import { entryNumber } from './table';
import { EVENTS_VERSION } from './versions';
import { ownBreach } from './writers';

export class SeatedCore extends MovingCore {
  #lastNonce = -1;

  /**
   * A number signed with a seat claim or release, never the same twice from this phone: signatures are
   * deterministic and event times have 1 s resolution, so claiming, releasing and claiming again within a
   * second would otherwise write the same bytes, which every phone refuses as a replay (issue 36 item 3).
   * How many entries this phone has written (each claim is one, so it grows past every earlier nonce, also
   * after a restart), or one more than the last while one is still being signed.
   */
  #nonce(): number {
    this.#lastNonce = Math.max(this.#lastNonce + 1, this.entriesWritten());
    return this.#lastNonce;
  }

  /**
   * This phone is now `seat`, and no longer any other: one seat per phone. A seat it kept would stay
   * "this phone" on every screen, and the game screen, which shows the first seat the phone holds,
   * would not move when she changes player to a seat further down the list. A claim is an event of the
   * log: taking the seat of another phone (a dead one) is allowed, and the log tells the table.
   */
  claimSeat(seat: string): Promise<void> {
    const s = this.snapshot();
    requireSeat(s, seat);
    this.forgetUndo();
    // Signed, with this phone's public key: the key every phone then checks its signed events against.
    // A phone from before signatures holds its seat by an unsigned claim: it claims it again, signed.
    return s.claims[seat] !== this.device || !this.keyPublished ? this.writeSigned([{ k: 'claim', seat, key: this.signer.publicKey, nonce: this.#nonce() }]) : Promise.resolve();
  }

  releaseSeat(seat: string): Promise<void> {
    const s = this.snapshot();
    requireSeat(s, seat);
    this.forgetUndo();
    return s.claims[seat] === this.device ? this.writeSigned([{ k: 'release', seat, nonce: this.#nonce() }]) : Promise.resolve();
  }

  setDeviceName(name: string): void {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 40) fail('invalid-input', 'A phone name needs 1 to 40 characters.');
    const breach = ownBreach(this.doc, [], this.device, WRITE_BOUNDS);
    if (breach) fail('not-allowed', breachMessage(breach));
    this.write([], (root) => root.devices.set(this.device, trimmed));
  }

  /**
   * Goes on without the change from a newer version that stops this phone's fold (issue 36 item 7, table.ts
   * `setAside`): every phone skips it from now on, the newer ones too, and this one may write again. The one
   * write a game read only for a newer kind takes.
   */
  setAsideNewer(): void {
    const newer = this.snapshot().newer;
    if (!newer) fail('invalid-input', 'No change from a newer Twilight Table stops this game: there is nothing to go on without.');
    const n = entryNumber(this.root.log.toArray(), newer.index, newer.dev);
    this.write([{ k: 'setAside', writer: newer.dev, n, v: EVENTS_VERSION }]);
  }
}
