import { render } from 'solid-js/web';
import { App } from './ui/App';
import { ReloadPrompt } from './ui/shell/ReloadPrompt';
import './ui/styles.css';

const root = document.getElementById('app');
if (root) render(() => <App />, root);

// The update prompt registers the service worker (and loads workbox-window to do it): that waits until
// the phone is idle after the first screen, out of the way of a slow phone's start (issue 9).
const whenIdle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 500));
whenIdle(() => {
  const host = document.createElement('div');
  document.body.append(host);
  render(() => <ReloadPrompt />, host);
});
