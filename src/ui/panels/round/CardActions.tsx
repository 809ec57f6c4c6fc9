import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import type { CounterAreas } from '../../../doc/sheet';
import { executiveCommandsCost, LEADERSHIP, PRIMARIES } from '../../../rules/strategyCards';
import type { PrimaryOption } from '../../../rules/strategyCards';
import { act } from '../../widgets/errors';
import { PayDialog } from '../../widgets/PayDialog';
import { AreasDialog } from '../counters/AreasDialog';
import { cardTitle } from './words';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string;
  run: (fn: () => void) => boolean;
}

/**
 * The primary ability of the card she has just played, on her phone: the card's options, and its
 * bookkeeping in one tap (counters placed where she picks, trade goods, cards); what the board holds is
 * one line to do at the table (rules/strategyCards.ts).
 */
export function PrimaryChoices(props: Props) {
  const [placing, setPlacing] = createSignal<{ card: number; option: PrimaryOption }>();
  const t = () => props.state.tracker;
  const waiting = () => t().cards.filter((c) => c.holder === props.mySeat && c.played && !t().resolved.includes(c.initiative) && PRIMARIES[c.initiative]);
  return (
    <>
      <For each={waiting()}>
        {(c) => (
          <section class="card stack" aria-label={`Resolve ${cardTitle(c.initiative)}`}>
            <h4>Resolve {cardTitle(c.initiative)}</h4>
            <For each={PRIMARIES[c.initiative]}>
              {(o) => (
                <div class="stack">
                  <button
                    type="button"
                    class="wide"
                    onClick={() => (o.gain.counters ? setPlacing({ card: c.initiative, option: o }) : act(props, () => props.game.round.primary(props.mySeat, c.initiative, o.id)))}
                  >
                    {o.label}
                  </button>
                  <Show when={o.board}><p class="muted small">At the table: {o.board}</p></Show>
                </div>
              )}
            </For>
          </section>
        )}
      </For>
      <Show when={placing()}>
        {(p) => (
          <AreasDialog
            mode="receive"
            now={{ pool: 0, fleet: 0, strat: 0 }}
            suggested={p().option.gain.counters}
            note={`${cardTitle(p().card)} gives ${p().option.gain.counters}`}
            onConfirm={(areas) => props.game.round.primary(props.mySeat, p().card, p().option.id, areas)}
            onClose={() => setPlacing(undefined)}
          />
        )}
      </Show>
    </>
  );
}

/**
 * Leadership's secondary, Executive Commands: she places the counters she buys, then pays 1, 3, 6 or 10
 * influence for them through the pay helper; both land in one change.
 */
export function ExecutiveCommands(props: Props & { label: string }) {
  const [areas, setAreas] = createSignal<CounterAreas>();
  const [choosing, setChoosing] = createSignal(false);
  const count = () => {
    const a = areas();
    return a ? a.pool + a.fleet + a.strat : 0;
  };
  return (
    <>
      <button type="button" class="primary grow" onClick={() => setChoosing(true)}>{props.label}</button>
      <Show when={choosing()}>
        <AreasDialog
          mode="receive"
          now={{ pool: 0, fleet: 0, strat: 0 }}
          suggested={1}
          note={`${cardTitle(LEADERSHIP)}: 1 counter for 1 influence, 2 for 3, 3 for 6, 4 for 10`}
          onConfirm={(a) => {
            if (executiveCommandsCost(a.pool + a.fleet + a.strat) === undefined) throw new Error('Buy 1 to 4 counters.');
            setAreas(a);
          }}
          onClose={() => setChoosing(false)}
        />
      </Show>
      <Show when={areas()}>
        {(a) => (
          <PayDialog
            state={props.state}
            seat={props.mySeat}
            title={`Executive Commands: ${count()} counter${count() === 1 ? '' : 's'}`}
            kind="influence"
            amount={executiveCommandsCost(count()) ?? 0}
            onPay={(_k, _a, choice) => props.game.round.executiveCommands(props.mySeat, a(), choice)}
            onClose={() => setAreas(undefined)}
          />
        )}
      </Show>
    </>
  );
}
