import { Show, createSignal, onMount } from 'solid-js';
import type { JSX } from 'solid-js';
import { afterPaint } from '../../later';

/**
 * Its children, mounted in the task after the frame that first shows the screen: what sits below the fold
 * on a phone (the table's overview, the form that adds a planet) stays out of the task that paints the
 * screen, the start's longest (issue 33).
 */
export function AfterFrame(props: { children: JSX.Element }) {
  const [ready, setReady] = createSignal(false);
  onMount(() => afterPaint(() => setReady(true)));
  return <Show when={ready()}>{props.children}</Show>;
}
