/**
 * A game as one phone sees it: the Y.Doc, this phone's device tag, the folded snapshot, undo, and the
 * one way to write: `append`, which puts a command's events in one transaction tagged with this phone's
 * origin. Composition only: the seats come above it (`seats.ts`), then the parts of the game add their
 * commands (`doc/game.ts` composes them as mixins), and a command reaches the game through the narrow
 * `CommandContext` (`context.ts`), never this class.
 */
import type * as Y from 'yjs';
import type { Codec } from './codec';
import { fail } from './errors';
import { IncrementalFold } from './incremental';
import type { Rules } from './incremental';
import { memoryMemo } from './memo';
import type { FoldMemo } from './memo';
import { gameRoot, migrate, readRawHead } from './schema';
import { prewarmVerdicts, softwareSigner, signedBytes } from '../../crypto/signature';
import type { Signer } from '../../crypto/signature';
import { appendedEntries } from './growth';
import { nextTask, SLICE_BUDGET_MS, tail, WARM_AT } from './pacing';
import { claimedKeys, MAX_UNDONE } from './table';
import { WriterEntry } from './writerEntry';
import { NEWER_KIND_REFUSAL } from './context';
import type { Clock, CommandContext, LocalOrigin } from './context';
import type { GameRoot } from './schema';
import type { EventBody, GameSnapshot, RawHead } from './types';

// What commands import from here, now in context.ts.
export { NEWER_KIND_REFUSAL, systemClock, requireSeat, wholeNumber } from './context';
export type { Clock, CommandContext, Constructor, LocalOrigin } from './context';

/** The fold that replaces a view painted from (`paintFrom`), with the log and head it folds. */
interface PendingFold {
  fold: IncrementalFold;
  log: unknown[];
  head: RawHead;
}

export class GameCore implements CommandContext {
  readonly root: GameRoot;
  readonly origin: LocalOrigin;
  #cache: GameSnapshot | undefined;
  /** The fold so far, kept while the log only grows at its end; dropped when it changes before. */
  #fold: IncrementalFold | undefined;
  /** Meta, seats, claims and devices as last read; re-read when a transaction changes one of them. */
  #head: RawHead | undefined;
  /**
   * This phone's changes since it opened the game, newest last: what Undo takes back, as an `undo` event
   * naming its own entries by number (the log is append-only; a change from another phone is never undone).
   * Each: the writer's number of its first entry, its position in the log when written, the events.
   */
  readonly #undo: { first: number; at: number; events: EventBody[] }[] = [];
  /**
   * A start painted from a kept view (`paintFrom`): the view shown, and the fold that will replace it, run a
   * slice at a time. Anything that must decide on the real game (a write, a key) finishes it first.
   */
  #view: GameSnapshot | undefined;
  #pending: PendingFold | undefined;
  /** The entries appended to the log since the fold last read it, from position `start` to the log's end. */
  #appended: { start: number; entries: unknown[] } | undefined;
  readonly #refolded = new Set<() => void>();
  /** A large update from elsewhere whose signatures the browser checks natively (`#warm`); the screen shows `shown` meanwhile. */
  #warming: { done: Promise<unknown>; shown: GameSnapshot | undefined } | undefined;
  readonly #writer: WriterEntry;
  /** Whether the last view painted from differed from the real fold (the screen then showed the fold's). */
  viewDiffered = false;
  /** The parts this game folds by, with the memo its folds share. */
  private readonly rules: Rules;

  constructor(
    readonly doc: Y.Doc,
    readonly device: string,
    private readonly clock: Clock,
    rules: Rules,
    /** This phone's key (secret/device.ts); a game opened without one signs with a key of this page only. */
    readonly signer: Signer = softwareSigner(),
    /** What the folds of this game remember of costly checks (memo.ts); by default, this page's memory only. */
    memo: FoldMemo = memoryMemo(),
  ) {
    this.rules = { ...rules, memo };
    this.#writer = new WriterEntry(doc, signer, (body) => this.#encode([body])[0] as unknown[]);
    this.root = gameRoot(doc);
    this.origin = { device };
    // Any transaction, local or remote, may change the snapshot.
    doc.on('afterTransaction', (tr: Y.Transaction) => {
      this.#cache = undefined;
      // The document changed under a view kept from an earlier start: the next snapshot folds it all.
      if (this.#view) [this.#pending, this.#view, this.#fold] = [undefined, undefined, undefined];
      const { meta, seats, claims, devices } = this.root;
      const changed = tr.changed as Map<unknown, unknown>;
      if ([meta, seats, claims, devices].some((t) => changed.has(t))) this.#head = undefined;
    });
    // An event inserted or deleted before the end of the log (a peer's concurrent event) changes what
    // follows it: only a fold from the start gives the state every replica computes. This phone's own
    // append was folded before it was written (`#write`), so it needs nothing more.
    this.root.log.observe((e) => {
      const added = appendedEntries(e.transaction, this.root.log);
      if (!added) [this.#fold, this.#appended] = [undefined, undefined];
      else this.#noteAppended(added);
      if (!e.transaction.local && (added?.length ?? 0) >= WARM_AT) this.#warm();
    });
  }

  get codec(): Codec {
    return this.rules.codec;
  }

  get canUndo(): boolean {
    return this.#undoable() !== undefined;
  }

  /** The events her last change wrote (what "Undo" would take back). */
  get undoPreview(): EventBody[] | undefined {
    return this.#undoable()?.events;
  }

  /**
   * This phone's last change, if an undo may still take it back: not a step of a setup at the table that has
   * ended (every phone's fold refuses that undo, `settledSetup`; issue 34 item 7). The older ones are older still.
   */
  #undoable(): { first: number; at: number; events: EventBody[] } | undefined {
    const last = this.#undo[this.#undo.length - 1];
    if (!last) return undefined;
    const settledAt = (this.#real(), this.#fold?.settledAt);
    if (settledAt !== undefined && last.at <= settledAt) return undefined;
    return this.#othersActedOn(last) ? undefined : last;
  }

  /**
   * Whether another phone has written after a change that its feature says is then settled (a strategy card
   * picked, `FeatureModule.settles`): the next player picked from what it left (issue 35 item 5). Reads the
   * device of the entries after it only (the third field of each tuple), a few on a tap.
   */
  #othersActedOn(change: { at: number; events: EventBody[] }): boolean {
    if (!change.events.some((e) => this.rules.modules.some((m) => m.settles?.(e)))) return false;
    const log = this.root.log;
    for (let i = change.at + change.events.length; i < log.length; i++) {
      const raw: unknown = log.get(i);
      if (Array.isArray(raw) && raw[2] !== this.device) return true;
    }
    return false;
  }

  /** Takes back this phone's last change (all the events of that one command), and nothing else. */
  undo(): void {
    const last = this.#undo[this.#undo.length - 1];
    if (!last) fail('invalid-input', 'Nothing to undo: you have made no change on this phone since it opened the game.');
    if (!this.#undoable()) {
      fail('not-allowed', this.#othersActedOn(last) ? 'Another player has played since: what they did rests on it, so it is no longer undone here. Correct it at the table instead.' : 'The setup at the table is over: its steps are not undone (the game goes on from the setup as it ended).');
    }
    this.#undo.pop();
    try {
      this.write([{ k: 'undo', first: last.first, count: last.events.length }]);
    } catch (e) {
      this.#undo.push(last);
      throw e;
    }
  }

  /** Stops tracking (the session is closing). */
  destroy(): void {
    this.#undo.length = 0;
  }

  /**
   * Shows `view`, the folded game kept at an earlier start of this very document (the caller checked its
   * state vector and the app's build), until the real fold, run from now a slice at a time between the
   * browser's frames, replaces it (issue 33: a start paints first). The view is never trusted for anything
   * else: a write, a key or an undo finishes the fold first, and a view that differs from the fold is
   * reported (`viewDiffered`, the console) and replaced on screen. Resolves when the fold is in.
   */
  async paintFrom(view: GameSnapshot, slice = 10, pause: () => Promise<void> = nextTask, budgetMs = SLICE_BUDGET_MS): Promise<void> {
    const head = (this.#head ??= readRawHead(this.root));
    if (!head || this.#fold || this.#cache) return;
    const shown = (this.#view = { ...view, log: [] });
    // The log's read and the fold's first pass over it (its undos, its setup) in a task of their own: with the
    // document's opening they made one task of 50–67 ms at 4× CPU after the first frame (issue 33).
    await pause();
    if (this.#view !== shown) return;
    const pending = (this.#pending ??= this.#pendingFold(head));
    const log = pending.log;
    const now = () => globalThis.performance?.now() ?? Date.now();
    while (this.#pending === pending && pending.fold.length < log.length) {
      await pause();
      // `slice` events at a time until the task has run `budgetMs`: events fold at very different costs
      // (a council reveal checks its commitment), and a fixed count of 250 made tasks of 60–240 ms at 4×
      // CPU, each one a wait for a tap on the painted screen (issue 33).
      const until = now() + budgetMs;
      while (this.#pending === pending && pending.fold.length < log.length) {
        pending.fold.foldOn(log, Math.min(log.length, pending.fold.length + slice));
        if (now() >= until) break;
      }
    }
    // The last slice had a task's worth already: the real snapshot and its comparison with the view get a task of
    // their own, and the screen's refresh (the store's walk of the whole game against the view) another (issue 33:
    // together they made one task of about 100 ms at 4× CPU after the fold's slices).
    await pause();
    // A write, a key or an undo finished it meanwhile, or a change dropped the view: the screen has heard.
    if (this.#pending !== pending || !this.#finish()) return;
    await pause();
    this.#tellRefolded();
  }

  /** Whether the screen still shows a view painted from, the real fold under way. */
  get paintingFromView(): boolean {
    return this.#view !== undefined;
  }

  /** Hears when the real fold replaces a view painted from (`paintFrom`): the screen's store refreshes. */
  onRefold(listener: () => void): () => void {
    this.#refolded.add(listener);
    return () => this.#refolded.delete(listener);
  }

  /** The folded game, never a view painted from (its fold is finished first); undefined without a game. */
  #real(): GameSnapshot | undefined {
    if (this.#finish()) this.#tellRefolded();
    // A decision does not wait for the browser's check of a large update: the fold checks what it must itself.
    this.#warming = undefined;
    return this.snapshotOrUndefined();
  }

  /**
   * Holds the fold of a large update from elsewhere until the browser has checked its signatures natively,
   * as a start does before its first fold: a joining phone verified the whole game's in JavaScript, 1.3 s of
   * a mebibyte's join at 4× CPU (issue 33). The screen keeps what it showed, then hears `onRefold`.
   */
  #warm(): void {
    const before = this.#warming;
    const warming = { shown: before ? before.shown : this.#cache, done: Promise.all([before?.done, this.prewarmSignatures()]) };
    this.#warming = warming;
    const settle = () => {
      if (this.#warming === warming) this.#warming = undefined;
      this.#tellRefolded();
    };
    void warming.done.then(settle, settle);
  }

  #tellRefolded(): void {
    for (const listener of this.#refolded) listener();
  }

  /** The fold that replaces a view painted from, of no event yet. */
  #pendingFold(head: RawHead): PendingFold {
    const log = this.root.log.toArray();
    return { fold: new IncrementalFold(head, log, this.rules, 0), log, head };
  }

  /** The real fold in place of a view painted from, folding what is left of it now; false when none was pending. */
  #finish(): boolean {
    const view = this.#view;
    const head = view && (this.#head ??= readRawHead(this.root));
    if (!view || !head) return false;
    const pending = this.#pending ?? this.#pendingFold(head);
    this.#pending = undefined;
    this.#view = undefined;
    pending.fold.foldOn(pending.log, pending.log.length);
    this.#fold = pending.fold;
    this.#cache = pending.fold.snapshot(pending.head);
    const shown = JSON.stringify({ ...view, log: 0 });
    if (shown !== JSON.stringify({ ...this.#cache, log: 0 })) {
      this.viewDiffered = true;
      console.warn('The game shown at the start (kept from the last time) differed from the game folded from its log: the screen now shows the latter.');
    }
    return true;
  }

  /**
   * The folded game to show; undefined while the document holds no game (a joining phone before its first
   * sync). At a start painted from a kept view, that view until the fold replaces it: never decide on it.
   */
  snapshotOrUndefined(): GameSnapshot | undefined {
    if (this.#cache) return this.#cache;
    if (this.#view) return this.#view;
    if (this.#warming) return this.#warming.shown;
    const head = (this.#head ??= readRawHead(this.root));
    if (!head) return undefined;
    const log = this.root.log;
    if (!this.#fold?.canExtend(head, log.length) || (log.length > this.#fold.length && !this.#fold.extend(this.#tail(this.#fold.length)))) {
      this.#fold = new IncrementalFold(head, log.toArray(), this.rules);
    }
    this.#appended = undefined;
    this.#cache = this.#fold.snapshot(head);
    return this.#cache;
  }

  /** Keeps what a transaction appended to the log, joined to what earlier ones appended when it follows on. */
  #noteAppended(added: unknown[]): void {
    const start = this.root.log.length - added.length;
    const kept = this.#appended;
    if (kept && kept.start + kept.entries.length === start) for (const entry of added) kept.entries.push(entry);
    else this.#appended = { start, entries: added };
  }

  /** The log from `from` on: from what the transactions appended when that reaches back to `from`, else read from the log. */
  #tail(from: number): unknown[] {
    const log = this.root.log;
    const kept = this.#appended;
    if (kept && kept.start <= from && kept.start + kept.entries.length === log.length) return kept.entries.slice(from - kept.start);
    return tail(log, from);
  }

  /**
   * The folded game, for deciding: what a command validates against. A view painted from (`paintFrom`)
   * never is: the fold finishes first. The screen reads `snapshotOrUndefined`, which may show the view.
   */
  snapshot(): GameSnapshot {
    return this.#real() ?? fail('not-a-game', 'This document does not hold a Twilight Table game.');
  }

  /** Verifies the log's signatures natively before the first fold needs them (signature.ts prewarmVerdicts). */
  async prewarmSignatures(): Promise<void> {
    const id = this.root.meta.get('id');
    if (typeof id !== 'string') return;
    const log = this.root.log.toArray().filter((e): e is unknown[] => Array.isArray(e));
    await prewarmVerdicts(id, log, claimedKeys(log));
  }

  /**
   * Whether this phone may change the game: not when it was saved by a newer version, nor once its log holds
   * an event of a kind from a newer version (the game is shown as it was before that event; versions.ts).
   */
  get writable(): boolean {
    return migrate(this.root).writable && !this.snapshotOrUndefined()?.newer;
  }

  append(bodies: EventBody[]): void {
    this.write(bodies);
  }

  appendSigned(bodies: EventBody[]): Promise<void> {
    return this.writeSigned(bodies);
  }

  #encode(bodies: EventBody[]): unknown[][] {
    const { writable, schema } = migrate(this.root);
    if (!writable) {
      fail('newer-schema', `This game was saved by a newer version of Twilight Table (schema ${schema ?? '?'}); update the app to change it.`);
    }
    const snapshot = this.snapshot();
    // A change made on the game as this version folds it would rest on a different game than the one the
    // newer phones fold: nothing is written until this phone is updated.
    if (snapshot.newer && !(bodies.length === 1 && bodies[0]?.k === 'setAside')) fail('newer-schema', NEWER_KIND_REFUSAL);
    const t = Math.max(0, Math.floor((this.clock.now() - snapshot.meta.createdAt) / 1000));
    return bodies.map((b) => [...this.rules.codec.encode({ ...b, t, dev: this.device })]);
  }

  /** Appends events (and changes to the rarely changed maps) in one transaction, after the caller has validated them. */
  protected write(bodies: EventBody[], extra?: (root: GameRoot) => void): void {
    const signed = bodies.find((b) => this.rules.codec.signs(b));
    if (signed) throw new Error(`A "${signed.k}" event is signed: write it with writeSigned.`);
    this.#write(bodies, this.#encode(bodies), extra);
  }

  /**
   * `write` for events of which some are signed: each carries this phone's signature after its fields.
   * A refusal found before signing throws at once, like `write`'s; WebCrypto signs asynchronously, so
   * the write, and a refusal of the fold, may come later, in the promise.
   */
  protected writeSigned(bodies: EventBody[]): Promise<void> {
    const encoded = this.#encode(bodies);
    const gameId = this.snapshot().meta.id;
    const { signNow } = this.signer;
    const needs = (i: number) => this.rules.codec.signs(bodies[i] as EventBody);
    const writer = this.#writer.ready(gameId);
    if (signNow) {
      this.#write(bodies, encoded.map((tuple, i) => (needs(i) ? [...tuple, signNow(signedBytes(gameId, tuple))] : tuple)));
      return Promise.resolve();
    }
    return Promise.all(encoded.map(async (tuple, i) => (needs(i) ? [...tuple, await this.signer.sign(signedBytes(gameId, tuple))] : tuple))).then(async (signed) => (await writer, this.#write(bodies, signed)));
  }

  #write(bodies: EventBody[], ownEntries: unknown[][], extra?: (root: GameRoot) => void): void {
    // Entries that arrived while a signature was being made are folded first: the new ones follow them.
    this.#real();
    // What every other phone would refuse (the write bounds) is not written: this phone's later changes
    // would wait on it there for good. Past the game's bound, this writer signs for itself first.
    const { entries: encoded, before } = this.#writer.entriesFor(ownEntries, this.snapshot().meta.id);
    // The number the first of these entries will have among this phone's: what an undo of them names.
    // A signed change (a claim, a commitment, consent to a trade) is never undone: `undoTargets`.
    // Nor is going on without a newer phone's change: the table decided it, every phone skips that change.
    const mine = this.#fold?.entriesBy(this.device);
    const first = mine !== undefined && bodies.length && !bodies.some((b) => b.k === 'undo' || b.k === 'setAside' || this.rules.codec.signs(b)) ? mine + before : undefined;
    // The fold every phone runs is the referee: fold the new entries first, and write nothing it refuses.
    // A refusal leaves the fold ahead of the log, so it is dropped; otherwise the append is already folded.
    const refusals = this.#fold?.extend(encoded);
    if (refusals?.length) {
      // A snapshot kept without its fold would let the next command skip this check.
      this.#fold = undefined;
      this.#cache = undefined;
      fail('not-allowed', refusals[0] as string);
    }
    if (!refusals) this.#fold = undefined;
    this.#cache = undefined;
    // On the stack before the write: what the screen re-reads when the change lands names this change.
    if (first !== undefined && bodies.length <= MAX_UNDONE) this.#undo.push({ first, at: this.root.log.length, events: bodies });
    this.doc.transact(() => {
      extra?.(this.root);
      if (encoded.length) this.root.log.push(encoded);
    }, this.origin);
  }

  /** Forgets what Undo could take back: after a change of seat, this phone's earlier changes are not hers. */
  protected forgetUndo(): void {
    this.#undo.length = 0;
  }

  /** How many entries of the log this phone wrote, as the fold has read them so far. */
  protected entriesWritten(): number {
    return this.#fold?.entriesBy(this.device) ?? 0;
  }

  /** Whether the table knows this phone's key (from its signed claim): its signed events count only then. */
  get keyPublished(): boolean {
    this.#real();
    return this.#fold?.keyOf(this.device) !== undefined;
  }
}
