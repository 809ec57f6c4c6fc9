import { render } from 'solid-js/web';
import { App } from './ui/App';
import { ReloadPrompt } from './ui/shell/ReloadPrompt';
import './ui/styles.css';

const root = document.getElementById('app');
if (root) {
  render(
    () => (
      <>
        <App />
        <ReloadPrompt />
      </>
    ),
    root,
  );
}
