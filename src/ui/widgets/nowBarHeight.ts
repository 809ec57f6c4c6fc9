import { createSignal } from 'solid-js';

/**
 * The now bar's height in px while one is on screen (NowBar.tsx follows it), else undefined: what the page's
 * bottom padding and the ballot's sticky *Lock in* stand on, so nothing lies under the bar (issue 35 item 4).
 *
 * A signal read by the two elements that use it, not a custom property on the root: the bar's first size
 * arrives inside the first frame (its ResizeObserver), and a new value of an inherited property on the root
 * restyled every element of the page there: 133 of the start's 156, 22 ms at 4× CPU, in its longest task
 * (issue 33).
 */
const [height, setHeight] = createSignal<number>();
export { height as nowBarHeight, setHeight as setNowBarHeight };
