import type { JSX } from 'solid-js';

/** The bar at the top of a screen: the way back (to the saved games unless told), the title, and extras. */
export function TopBar(props: { title: JSX.Element; back?: { href: string; label: string }; children?: JSX.Element }) {
  return (
    <div class="topbar">
      <a class="button" href={props.back?.href ?? '#/'} aria-label={props.back?.label ?? 'Back to saved games'}>←</a>
      <h1>{props.title}</h1>
      {props.children}
    </div>
  );
}
