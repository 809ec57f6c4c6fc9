import { createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import { buzz } from '../shell/awake';
import type { Game, GameSnapshot } from '../../doc';
import { afterPaint } from '../../later';
import type * as Describe from '../../doc/describe';
import { nowFor } from '../../doc/round/views';
import type { Now } from '../../doc/round';
import { act } from './errors';
import { setNowBarHeight } from './nowBarHeight';

/** Room left below the page's end beyond the now bar, so its last control is not flush against it. */
const ROOM_BELOW_PX = 24;

/** The word on the bar's button: what one tap does for her, or "See" when the table waits on someone else. */
const VERB: Record<Now['kind'], string> = { over: 'See', ballot: 'Vote', call: 'Start', agenda: 'Place', secondary: 'Answer', pick: 'Pick', turn: 'Act', status: 'Do it', nobody: 'Play', none: 'See' };

/**
 * Where the tap takes her: the decision at the top of the Round tab, or in the Council tab the placing of
 * her agenda, the start of the vote, or the vote (her ballot, or who has locked in).
 */
function target(now: Pick<Now, 'kind' | 'tab'>): string {
  if (now.tab === 'round') return '#decision';
  // The picker itself: the list of who has placed sits above it and would push it under the bar.
  if (now.kind === 'agenda') return '#agenda-card-picker';
  if (now.kind === 'call') return '#start-vote';
  return 'section[aria-labelledby="vote-title"]';
}

/**
 * How far down the page's sticky bars reach once stuck (the top bar, the totals): a control scrolled to "the
 * top" lands below them, not under them (issue 35 item 4: the ballot's first For/Against sat under the header).
 * Read from the page, so a header that grows or shrinks (a long game name, the compact header) is followed.
 */
export function stickyBottom(doc: Document = document): number {
  let bottom = 0;
  for (const el of doc.querySelectorAll<HTMLElement>('.topbar, .sticky-head')) {
    const top = parseFloat(getComputedStyle(el).top);
    bottom = Math.max(bottom, (Number.isFinite(top) ? top : 0) + el.offsetHeight);
  }
  return bottom;
}

/**
 * Brings the control for `now` on screen: waits (a few frames) for its tab's panel to render (the
 * panels' chunk may still be loading), then scrolls it to just below the sticky header.
 */
export function revealNow(now: Pick<Now, 'kind' | 'tab'>, frames = 90): void {
  const el = document.querySelector<HTMLElement>(target(now));
  if (!el) {
    if (frames > 0) requestAnimationFrame(() => revealNow(now, frames - 1));
    return;
  }
  el.focus({ preventScroll: true });
  if (typeof el.scrollIntoView !== 'function') return; // jsdom (the component tests) lays nothing out
  const gap = 6;
  window.scrollTo({ top: Math.max(0, window.scrollY + el.getBoundingClientRect().top - stickyBottom() - gap) });
}

/**
 * Follows the now bar's height (one line or two, the safe area below) into `nowBarHeight`, and keeps the room
 * below the page's end (#app's bottom padding) that high and a little more. Only the ResizeObserver measures:
 * its first report comes with the first layout, where a read at mount forced one of its own.
 */
function followHeight(el: HTMLElement): void {
  if (typeof ResizeObserver !== 'function') return; // jsdom
  const app = document.getElementById('app');
  const watch = new ResizeObserver(([entry]) => {
    const px = Math.ceil(entry?.borderBoxSize?.[0]?.blockSize ?? el.getBoundingClientRect().height);
    setNowBarHeight(px);
    app?.style.setProperty('padding-bottom', `${px + ROOM_BELOW_PX}px`);
  });
  watch.observe(el);
  onCleanup(() => {
    watch.disconnect();
    setNowBarHeight(undefined);
    app?.style.removeProperty('padding-bottom');
  });
}

/**
 * The "now" bar (issue 26): fixed at the bottom of the screen, within thumb reach on every tab and at
 * any scroll. It says what the table waits on this phone for, or whom it waits on; one tap opens the
 * control. Beside it, Undo names the change it would take back. The tab title follows the bar, and the
 * phone vibrates (where it can) when the table starts waiting on it.
 */
export function NowBar(props: { game: Game; state: GameSnapshot; mySeat: string | undefined; run: (fn: () => void) => boolean; onGo: (now: Now) => void }) {
  const now = createMemo(() => nowFor(props.state, props.mySeat));
  // What she is asked for, as a key: a new key while `mine` is a new request (her turn again, the next step).
  const asked = createMemo(() => (now().mine ? `${props.state.round.round}:${props.state.round.phase}:${props.state.round.step}:${now().kind}:${now().card ?? ''}` : ''));
  createEffect(
    on(asked, (key, before) => {
      if (key && before !== undefined && key !== before) buzz();
    }),
  );
  createEffect(() => {
    document.title = `${now().mine ? '● ' : ''}${now().text} · ${props.state.meta.name}`;
  });
  onCleanup(() => (document.title = 'Twilight Table'));
  // Another player's move is hers to make: this phone only goes to see it ("Act" beside "Ben's turn" invited
  // a tap that could do nothing, issue 35 item 5), as does a phone whose player is out of the game.
  const verb = () => (now().mine ? VERB[now().kind] : 'See');
  return (
    <div class="nowbar row nowrap" classList={{ mine: now().mine }} role="region" aria-label="Now" ref={followHeight}>
      <p class="now-text grow" role="status" aria-label="Whose move">{now().text}</p>
      <button type="button" class={now().mine ? 'primary now-go' : 'now-go'} aria-label={`${verb()}: ${now().text}`} onClick={() => props.onGo(now())}>
        {verb()}
      </button>
      <UndoButton game={props.game} state={props.state} run={props.run} />
    </div>
  );
}

// The log's words (every part's describer, ~25 KB) are not on a start's first frame: the undo they name is
// the real session's, which opens after that frame (issue 33: the script before a stored game's first frame).
// They load in the task after it, from the service worker's cache.
const [words, setWords] = createSignal<typeof Describe>();
let loading: Promise<void> | undefined;
export const loadUndoWords = (): Promise<void> => (loading ??= import('../../doc/describe').then((m) => void setWords(() => m)));

function UndoButton(props: { game: Game; state: GameSnapshot; run: (fn: () => void) => boolean }) {
  afterPaint(() => void loadUndoWords());
  // Every change, her own or an undo, changes the log, so its length is the signal to re-read.
  const preview = createMemo(() => (props.state.log.length, props.game.undoPreview));
  const what = () => {
    const events = preview();
    const first = events?.[events.length - 1];
    if (!first) return undefined;
    return words()?.describeEvent({ event: first }, props.state) ?? '…';
  };
  return (
    // Its name is its visible text: "Undo: Ben passed" (the arrow is decoration).
    <button type="button" class="undo" disabled={!preview()} onClick={() => act(props, () => props.game.undo())}>
      <span class="undo-word"><span aria-hidden="true">↶ </span>Undo:</span>{' '}
      <span class="undo-what">{what() ?? 'nothing yet'}</span>
    </button>
  );
}
