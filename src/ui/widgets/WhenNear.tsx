import { Show, createSignal, onCleanup, onMount } from 'solid-js';
import type { JSX } from 'solid-js';

/** How far below the screen a part mounts: a scroll reaches it already drawn. */
const AHEAD = '0px 0px 400px 0px';

/**
 * Its children, mounted once the place they go comes within `AHEAD` of the screen: a part far below the fold
 * (the table's overview, under a long list of planets) costs a start nothing, where mounted after the first frame
 * its render and first layout made a task of 40–130 ms at 4× CPU, which a tap on the painted screen waited
 * behind (issue 33). Without IntersectionObserver (a test's DOM), they mount at once.
 */
export function WhenNear(props: { children: JSX.Element }) {
  const [near, setNear] = createSignal(typeof IntersectionObserver !== 'function');
  let marker: HTMLDivElement | undefined;
  onMount(() => {
    if (near() || !marker) return;
    const watch = new IntersectionObserver(
      (seen) => {
        if (!seen.some((e) => e.isIntersecting)) return;
        watch.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    watch.observe(marker);
    onCleanup(() => watch.disconnect());
  });
  return (
    <Show when={near()} fallback={<div ref={(el) => (marker = el)} class="near-marker" aria-hidden="true" />}>
      {props.children}
    </Show>
  );
}
