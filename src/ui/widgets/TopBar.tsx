import { Show } from 'solid-js';
import type { JSX } from 'solid-js';

/**
 * The bar at the top of a screen: the way back (to the saved games unless told), the title, and extras.
 * `sub`: short lines under the title (the game screen's save state and round), so the bar stays one row of
 * 44 px controls at 360 px (issue 35 item 5: the chrome ate half the phone).
 */
export function TopBar(props: { title: JSX.Element; back?: { href: string; label: string }; sub?: JSX.Element; children?: JSX.Element }) {
  return (
    <div class="topbar">
      <a class="button" href={props.back?.href ?? '#/'} aria-label={props.back?.label ?? 'Back to saved games'}>←</a>
      <Show when={props.sub} fallback={<h1>{props.title}</h1>}>
        <div class="topbar-title">
          <h1>{props.title}</h1>
          {props.sub}
        </div>
      </Show>
      {props.children}
    </div>
  );
}
