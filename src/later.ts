/**
 * Background work that the screen does not need yet (connecting to the other phones, loading the
 * other tabs' code, registering the service worker) runs after a delay, once the phone is idle: right
 * after a game appears, a player's first taps come first (issue 9, start time).
 */
export const SETTLE_MS = 1000;

/** Runs `fn` `delayMs` from now, when the phone is next idle (at most `idleTimeoutMs` later). Returns a cancel. */
export function whenSettled(fn: () => void, delayMs = SETTLE_MS, idleTimeoutMs = 2000): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: idleTimeoutMs });
    else fn();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * Work a change owes that the screen does not show (an automatic reveal's check, the saved-games summary,
 * telling this phone's other tabs, the save label): run after the frame that shows the change, not inside
 * the tap that made it. Each of these cost 0.1–1.2 ms of a tap at 4× CPU, together about a third of its
 * script (issue 33). A hidden page produces no frames: there a timer releases them.
 */
const pending: (() => void)[] = [];
/**
 * The jobs a frame released, run one per task: a tap that comes after the frame waits behind one job at
 * most, not behind all that the change owed (saving it, the agents' checks, the parts mounted below the fold).
 */
const released: (() => void)[] = [];
let running = false;

function run(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    // One failing job must not keep the others queued behind it from running.
    console.error(e);
  }
}

function step(): void {
  const fn = released.shift();
  if (released.length) post();
  else running = false;
  if (fn) run(fn);
}

/**
 * The message that runs the next job in a task of its own: one channel for the page's life (made and closed
 * for each frame, the channel cost about half a millisecond of each tap at 4× CPU). Where nothing renders
 * (tests in Node, a worker), a timer.
 */
let wake: MessagePort | undefined;

function post(): void {
  if (!wake && typeof MessageChannel === 'function' && typeof requestAnimationFrame === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = step;
    wake = channel.port2;
  }
  if (wake) wake.postMessage(0);
  else setTimeout(step, 0);
}

/** The frame is out: what was queued for it joins the jobs being run, one per task. */
function release(): void {
  released.push(...pending.splice(0));
  if (running) return;
  running = true;
  post();
}

function afterFrame(): void {
  const visible = typeof document !== 'undefined' && document.visibilityState === 'visible';
  if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(release);
  else setTimeout(release, 0);
}

/**
 * Resolves in a task of its own: work of tens of milliseconds on a slow phone split at its seams, so a tap
 * waits behind one part of it at most (issue 33: a start's load after its first frame).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `fn` after the next frame (see above), in a task of its own, after whatever was queued before it. */
export function afterPaint(fn: () => void): void {
  pending.push(fn);
  if (pending.length === 1) afterFrame();
}

/** `fn`, called at most once per frame, after it: the calls made before it runs count as one. */
export function oncePerFrame(fn: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    afterPaint(() => {
      queued = false;
      fn();
    });
  };
}
