import { render } from 'solid-js/web';
import { App } from './ui/App';
import { ReloadPrompt } from './ui/shell/ReloadPrompt';
import { whenSettled } from './later';
import './ui/styles.css';
// All the app's CSS is in the first screen's stylesheet (3.9 KB gzip): a lazy screen with CSS of its own
// waits for that stylesheet before its script even starts loading (Vite's preload helper), which cost
// the game screen a round trip at every start (issue 9).
import './ui/panels/round/round.css';
import './ui/sync/sync.css';

const root = document.getElementById('app');
if (root) render(() => <App />, root);

// The update prompt registers the service worker: that waits until
// the first screen has settled, out of the way of a slow phone's start (issue 9).
whenSettled(() => {
  const host = document.createElement('div');
  document.body.append(host);
  render(() => <ReloadPrompt />, host);
});
