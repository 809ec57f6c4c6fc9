import { Show, createSignal, onMount } from 'solid-js';
import type { JSX } from 'solid-js';
import { afterPaint } from '../../later';

/** The parts waiting to mount, one frame after another. */
let turns: Promise<void> = Promise.resolve();

/** Resolves in the task after the next frame is out (`afterPaint`). */
const nextFrame = () => new Promise<void>((resolve) => afterPaint(resolve));

/**
 * Its children, mounted after the frame that first shows the screen, each such part after a frame of its own:
 * what sits below the fold on a phone (the table's overview, the form that adds a planet) stays out of the
 * task that paints the screen, the start's longest (issue 33). All mounted in the task after that frame, they
 * made one of 40–80 ms at 4× CPU; one task each but one frame for all, their style and layout made that frame
 * one of 60–140 ms; a tap on the painted screen waited behind either.
 */
export function AfterFrame(props: { children: JSX.Element }) {
  const [ready, setReady] = createSignal(false);
  onMount(() => {
    turns = turns.then(nextFrame).then(() => void setReady(true));
  });
  return <Show when={ready()}>{props.children}</Show>;
}
