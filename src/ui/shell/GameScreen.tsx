import { For, Show, createEffect, createMemo, createResource, createSignal, lazy, onCleanup, onMount } from 'solid-js';
import { keepAwake, manner } from './awake';
import { afterPaint, whenSettled } from '../../later';
import type { DeviceInfo } from '../../secret/device';
import type { SaveState } from '../../sync/persistence';
import type { PeerStatus } from '../../sync/peer';
import type { GameSession } from '../../runtime/session';
import type { GameSnapshot } from '../../doc/views';
import { firstFrame, keptFirstView, openInSteps } from '../../runtime/firstFrame';
import { createGameStore } from '../store';
import { createErrorReporter } from '../widgets/errors';
import { RoundMenu, RoundStatus } from '../widgets/PhaseBar';
import { PlayerView } from '../panels/PlayerView';
import { offerFile } from './download';
import { ConnectionStatus } from '../sync/ConnectionStatus';
import { newerNotice, readSecret } from '../../doc/views';
import { SeatPicker } from './SeatPicker';
import { TopBar } from '../widgets/TopBar';
import { Dialog } from '../widgets/Dialog';
import { AfterFrame } from '../widgets/AfterFrame';
import { WhenNear } from '../widgets/WhenNear';
import { VoteNews } from '../panels/council/VoteNews';

/** How many of the things to check the game screen lists before "Show all". */
const LATEST_PROBLEMS = 3;

const SAVE_LABELS: Record<SaveState, string> = { saved: 'Saved on this phone', saving: 'Saving…', error: 'Not saved! Storage failed' };

/**
 * The setup at the table's panel, loaded when a game in setup is shown: a game in play (the start that
 * matters six hours in) no longer compiles the setup's screens, dice and card dealing before its first
 * frame (issue 33: 38 KB less in the game chunk).
 */
const SetupPanel = lazy(() => import('../panels/setup/SetupPanel').then((m) => ({ default: m.SetupPanel })));
/** Shown once the session is open, after the first frame (see afterFirstFrame.ts). */
const VersionNotices = lazy(() => import('./afterFirstFrame').then((m) => ({ default: m.VersionNotices })));
/**
 * The save label's rules, mounted after the first frame (a lazy component starts loading when it is rendered, and
 * the first frame's script is held under 205 KB, issue 33): they read the state saving is in when they come, so a
 * failure before it is shown.
 */
const FollowSaveState = lazy(() => import('./afterFirstFrame').then((m) => ({ default: m.FollowSaveState })));
/** The table's overview, below the fold: loaded when a scroll brings it near (<WhenNear> below). */
const Overview = lazy(() => import('./afterFirstFrame').then((m) => ({ default: m.Overview })));
/** Shown only when a newer phone's change stops the game (issue 36 item 7): rare, so not in the start's chunk. */
const NewerKindNotice = lazy(() => import('./NewerKindNotice').then((m) => ({ default: m.NewerKindNotice })));

/**
 * An open game: loads it from this phone, then shows the seat picker or the player's view. A stored game
 * is shown first from the view this phone kept of it (runtime/firstFrame.ts), before the session's code
 * (Yjs, the fold, the transports) has loaded, which is imported only now (issue 33).
 */
export function GameScreen(props: { id: string; device: DeviceInfo }) {
  // Another game's address mounts a new screen (App.tsx, keyed): the id is fixed for this one's life.
  // eslint-disable-next-line solid/reactivity
  const [id, device] = [props.id, props.device];
  const view = keptFirstView(id).catch(() => undefined);
  // With a view to paint, the session's code loads once that frame is painted, not beside it: its ~210 KB
  // compile and the game's apply would otherwise come first (issue 33).
  let painted = () => {};
  const firstPaint = new Promise<void>((done) => (painted = done));
  const opening = view.then(async (v) => {
    if (!v) return (await import('../../runtime/session')).openSession(id, device);
    await firstPaint;
    return (await openInSteps()).openSession(id, device);
  });
  onCleanup(() => void opening.then((s) => s.close(), () => undefined));
  const [session] = createResource(() => opening);
  const [first] = createResource(() => view.then((v) => v && firstFrame(v, device.tag, opening)));
  // The stand-in stays on screen as the real session once that opens, unless the two differ in what the
  // screen shows (then the screen renders anew for the real one).
  const shown = createMemo(() => {
    if (session.error) return undefined;
    const real = session.state === 'ready' ? session() : undefined;
    const early = first.state === 'ready' ? first() : undefined;
    return early && (!real || early.adopts(real)) ? early.session : real;
  });
  return (
    <Show when={shown()} keyed fallback={<p class="muted">{session.error ? `This game could not be opened: ${String(session.error)}` : 'Opening the game…'}</p>}>
      {(s) => (
        <Show when={s.game.snapshotOrUndefined()} fallback={<MissingGame skipped={s.report.skipped} />}>
          <OpenGame session={s} opened={opening} device={props.device} onPainted={painted} ownView={() => (first.state === 'ready' ? first()?.takeView() : undefined)} />
        </Show>
      )}
    </Show>
  );
}

/** No game to show: none on this phone, or none its saved copies could open (`skipped` says why, persistence.ts). */
function MissingGame(props: { skipped: readonly string[] }) {
  return (
    <main>
      <Show when={props.skipped.length} fallback={<><h1>Game not found</h1><p>This phone has no saved data for this game.</p></>}>
        <h1>This game could not be opened</h1>
        <div class="alert" role="alert">
          <p>
            Its saved copies on this phone were left out. An earlier copy can be restored from the saved games (<em>Restore an earlier copy</em>), or the game joined again from another phone at the table.
          </p>
          <ul>
            <For each={props.skipped}>{(m) => <li>{m}</li>}</For>
          </ul>
        </div>
      </Show>
      <a class="button" href="#/">Back to saved games</a>
    </main>
  );
}

function OpenGame(props: {
  session: GameSession;
  opened: Promise<GameSession>;
  device: DeviceInfo;
  onPainted: () => void;
  /** The first frame's view, for the store to keep without a copy when it is what the session shows. */
  ownView: () => GameSnapshot | undefined;
}) {
  // The session is fixed for the life of this component: GameScreen mounts a new one per session.
  // eslint-disable-next-line solid/reactivity
  const { game, persistence } = props.session;
  // The real session, once open: the same as `props.session` unless the screen shows a stand-in meanwhile.
  const [live] = createResource(() => props.opened);
  // eslint-disable-next-line solid/reactivity -- read once: the store is made once, with the view it may keep
  const state = createGameStore(game, props.ownView());
  globalThis.performance?.mark?.('tt:store');
  // In a task of its own once the frame is out (a timer, after this job's task): nothing of the session is
  // fetched before the frame, and its load runs between the frame's other jobs (later.ts), not inside one.
  onMount(() => afterPaint(() => setTimeout(props.onPainted, 0)));
  // Settled: the phone has been idle a moment since the game showed.
  const [settled, setSettled] = createSignal(false);
  onMount(() => onCleanup(whenSettled(() => setSettled(true))));
  const errors = createErrorReporter();
  // "Saved on this phone" until its rules come, mounted after the frame (<FollowSaveState> in <AfterFrame> below).
  const [saveState, setSaveState] = createSignal<SaveState>('saved');
  const mySeat = createMemo(() => state.seats.find((s) => state.claims[s.id] === props.device.tag)?.id);
  const [choosingSeat, setChoosingSeat] = createSignal(false);
  // A status phase is long: the screen stays on while the game is open, unless she turned that off. Asked once
  // the game has settled: the manners' first read is the page's first of localStorage, which blocks on the
  // browser loading it (about 6 ms, at any CPU speed), in the task after the first frame (issue 33).
  createEffect(() => {
    if (settled() && manner('awake')) onCleanup(keepAwake(() => manner('awake')));
  });
  const [confirmingChange, setConfirmingChange] = createSignal(false);
  // This phone's automatic part of a setup at the table (its keys, its cards) failing is hers to hear.
  // eslint-disable-next-line solid/reactivity -- the session is fixed for the life of this component
  onCleanup(props.session.onSetupError(errors.report));
  const settingUp = () => state.setup.atTable && !state.setup.final;
  // The latest few, the rest on request: the list grows all game long, and at the top of the screen every
  // item of it cost each start its render and each tap its layout (issue 33).
  const [allProblems, setAllProblems] = createSignal(false);
  const shownProblems = () => (allProblems() ? state.problems : state.problems.slice(-LATEST_PROBLEMS));

  const pick = (seat: string) => {
    void errors.runAsync(() => game.claimSeat(seat)).then((ok) => ok && setChoosingSeat(false));
  };
  const exportFile = async () => {
    const [{ exportGame, backupFileName }, real] = await Promise.all([import('../../sync/backup'), props.opened]);
    const file = exportGame(real.game.doc);
    await offerFile(backupFileName(file), JSON.stringify(file));
  };

  return (
    <main>
      {/* One row: the name with the save state and the round under it, the connection, the round's menu. */}
      <TopBar
        title={state.meta.name}
        sub={
          <>
            <span class={saveState() === 'error' ? 'status error' : 'status'} role="status">{SAVE_LABELS[saveState()]}</span>
            <Show when={!settingUp()}>
              <RoundStatus state={state} />
            </Show>
          </>
        }
      >
        <Show when={live()} fallback={<span class="conn conn-connecting" role="status">Opening…</span>}>
          {(real) => <ConnectionStatus peers={real().peers} link={real().link} state={state} secret={readSecret(real().game.root)} device={props.device.tag} />}
        </Show>
        <Show when={!settingUp()}>
          <RoundMenu game={game} state={state} run={errors.run} />
        </Show>
      </TopBar>
      <Show when={props.session.report.skipped.length}>
        <div class="alert" role="alert">
          <strong>Some saved changes could not be read and were skipped.</strong> The rest of the game is intact; a peer or a backup can fill in what is missing.
          <ul>
            <For each={props.session.report.skipped}>{(m) => <li>{m}</li>}</For>
          </ul>
          <RepairNotice session={props.session} />
        </div>
      </Show>
      {/* A newer kind in the log makes the game read only too (state.newer); that one says which phone wrote it. */}
      <Show when={!game.writable && !state.newer}>
        <p class="alert" role="alert"><strong>Read only.</strong> This game was saved by a newer version of Twilight Table. Update the app to make changes.</p>
      </Show>
      <Show when={newerNotice(state)}>
        {(words) => <NewerKindNotice words={words()} goOn={() => errors.run(() => game.setAsideNewer())} />}
      </Show>
      <Show when={live()}>
        {(real) => <VersionNotices peers={real().peers} link={real().link} state={state} device={props.device.tag} />}
      </Show>
      <Show when={state.problems.length}>
        <div class="alert" role="status">
          <strong>Things to check at the table:</strong>
          <ul>
            <For each={shownProblems()}>{(p) => <li>{p.message}</li>}</For>
          </ul>
          <Show when={state.problems.length > LATEST_PROBLEMS}>
            <button type="button" aria-expanded={allProblems()} onClick={() => setAllProblems(!allProblems())}>
              {allProblems() ? 'Show the latest only' : `Show all ${state.problems.length}`}
            </button>
          </Show>
        </div>
      </Show>
      <Show when={!mySeat() || choosingSeat()}>
        <p class="muted">{state.seats.length} players · first to {state.meta.vpGoal} VP</p>
        <SeatPicker state={state} device={props.device.tag} onPick={pick} />
      </Show>
      <Show when={confirmingChange()}>
        {/* One tap would take this phone's player off her panels mid-turn: it asks first. */}
        <Dialog title="Change player?" onClose={() => setConfirmingChange(false)}>
          <p>
            This phone stops showing {state.seats.find((s) => s.id === mySeat())?.name}'s panels; pick the player it holds next. Her seat goes
            to the new player only when you pick one.
          </p>
          <div class="row">
            <button type="button" onClick={() => setConfirmingChange(false)}>Cancel</button>
            <button type="button" class="primary grow" onClick={() => { setConfirmingChange(false); setChoosingSeat(true); }}>
              Choose another player
            </button>
          </div>
        </Dialog>
      </Show>
      <Show when={mySeat() && !choosingSeat()}>
        <Show when={settingUp()} fallback={<PlayerView game={game} state={state} mySeat={mySeat()} run={errors.run} />}>
          <SetupPanel game={game} state={state} seat={mySeat() as string} />
        </Show>
        {/* Below the panels: a glance needs the seat (the now bar and the seat switcher say it), not this row. */}
        <div class="row">
          <span class="grow">This phone is <strong>{state.seats.find((s) => s.id === mySeat())?.name}</strong>.</span>
          <button type="button" onClick={() => setConfirmingChange(true)}>Change player</button>
        </div>
        <p class="muted">{state.seats.length} players · first to {state.meta.vpGoal} VP</p>
      </Show>
      <AfterFrame>
        <WhenNear>
          <Overview state={state} mySeat={mySeat()} />
        </WhenNear>
        <h2>Backup</h2>
        <button type="button" onClick={() => void exportFile()}>Export this game to a file</button>
        <FollowSaveState persistence={persistence} show={setSaveState} />
      </AfterFrame>
      <VoteNews state={state} floating />
      <Show when={errors.message()}>
        {(m) => (
          <div class="toast" role="alert">
            <div class="row spread"><span>{m()}</span><button type="button" onClick={errors.dismiss}>OK</button></div>
          </div>
        )}
      </Show>
    </main>
  );
}

/**
 * After a damaged saved game: the first sync with another phone sends back whatever this one lacks
 * (Yjs asks for everything past its own state), and the player is told which phone it came from.
 */
function RepairNotice(props: { session: GameSession }) {
  // eslint-disable-next-line solid/reactivity -- the session's transports are fixed for its life
  const { peers, game } = props.session;
  const [status, setStatus] = createSignal<PeerStatus | undefined>(peers?.status);
  if (peers) onCleanup(peers.onStatus(setStatus));
  // Yjs's code, which this check needs, is not on the game screen's first frame (issue 33).
  const [messages] = createResource(() => import('../../sync/peerMessages'));
  // Said once, by the phones connected when the first sync completed.
  let repairedFrom: string[] | undefined;
  const from = createMemo(() => {
    const s = status();
    const hasMissingUpdates = messages()?.hasMissingUpdates;
    if (repairedFrom || !s || s.lastSyncAt === null || !hasMissingUpdates || hasMissingUpdates(game.doc)) return repairedFrom;
    const seats = game.snapshot().seats;
    const names = s.presence.filter((p) => p.device !== game.device).map((p) => `${seats.find((x) => x.id === p.seat)?.name ?? p.name}'s phone`);
    if (names.length) repairedFrom = names;
    return repairedFrom;
  });
  return (
    <Show when={from()} fallback={<p>Connect to another phone at the table to bring back what is missing.</p>}>
      {(names) => <p role="status">Repaired from {names().join(' and ')}: this phone now has everything {names().length > 1 ? 'they have' : 'it has'}.</p>}
    </Show>
  );
}
