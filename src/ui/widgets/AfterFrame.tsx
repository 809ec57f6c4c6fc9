import { Show, createSignal, onMount } from 'solid-js';
import type { JSX } from 'solid-js';
import { afterPaint, nextTask } from '../../later';

/** The parts waiting to mount, one task after another. */
let turns: Promise<void> = Promise.resolve();

/**
 * Its children, mounted after the frame that first shows the screen, each such part in a task of its own:
 * what sits below the fold on a phone (the table's overview, the form that adds a planet) stays out of the
 * task that paints the screen, the start's longest (issue 33), and, all mounted in the task after that frame,
 * they made one of 40–80 ms at 4× CPU, which a tap on the painted screen waited behind.
 */
export function AfterFrame(props: { children: JSX.Element }) {
  const [ready, setReady] = createSignal(false);
  onMount(() =>
    afterPaint(() => {
      turns = turns.then(nextTask).then(() => void setReady(true));
    }),
  );
  return <Show when={ready()}>{props.children}</Show>;
}
