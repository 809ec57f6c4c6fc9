// The player's screen as GameScreen shows it (the round's line and menu, the player's panels, the error toast) over a
// real Y.Doc, for the component tests of the panels, the Trade tab and the Round tab.
import { fireEvent, within } from '@testing-library/dom';
import { Show } from 'solid-js';
import { render } from 'solid-js/web';
import type { Game } from '../../src/doc';
import { PlayerView } from '../../src/ui/panels/PlayerView';
import { createGameStore } from '../../src/ui/store';
import { createErrorReporter } from '../../src/ui/widgets/errors';
import { RoundMenu, RoundStatus } from '../../src/ui/widgets/PhaseBar';

/**
 * Renders seat `seat`'s screen into a new root appended to the body. Returns the root and how to unmount it. (The tabs' panels are a lazy
 * chunk: a test file calls preloadPanels() in beforeAll so that each tab renders at once.)
 */
export function mountPlayerScreen(game: Game, seat: string): { root: HTMLElement; dispose: () => void } {
  const root = document.createElement('div');
  document.body.append(root);
  const dispose = render(() => {
    const state = createGameStore(game);
    const errors = createErrorReporter();
    return (
      <>
        <RoundStatus state={state} />
        <RoundMenu game={game} state={state} run={errors.run} />
        <PlayerView game={game} state={state} mySeat={seat} run={errors.run} />
        <Show when={errors.message()}>{(m) => <div role="alert">{m()}</div>}</Show>
      </>
    );
  }, root);
  return { root, dispose };
}

/**
 * One phone of a table in a component test: it claims `seat`, mounts its screen in a root of its own and
 * opens `tab`; `disposers` collects the unmount for the test's afterEach.
 */
export function phoneOnTab(game: Game, seat: string, tab: string, disposers: (() => void)[]) {
  game.claimSeat(seat);
  const { root, dispose } = mountPlayerScreen(game, seat);
  disposers.push(dispose);
  const on = within(root);
  fireEvent.click(on.getByRole('tab', { name: tab }));
  const click = (name: string | RegExp) => fireEvent.click(on.getByRole('button', { name }));
  return { game, root, on, click };
}
