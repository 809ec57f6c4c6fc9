import { For, Show, createSignal, createUniqueId } from 'solid-js';
import type { BallotTable, ExtraVotes as Extra, VoteEffect } from '../../../rules/council';
import { checkExtraVotes, effectName, EFFECT_NAME_MAX, EXTRA_VOTES_MAX } from '../../../rules/council';
import { Stepper } from '../../widgets/Counter';

/**
 * Votes her ballot adds from a named effect (001 "Voting" 1: "bonus votes granted by other effects"):
 * the Lazax Survivors counter, Assembly b with 2 players, an action card or a race ability. They are
 * part of the ballot, so they stay on this phone until the reveal like its votes.
 */
export function ExtraVotes(props: { extra: Extra[]; table: BallotTable; onChange: (extra: Extra[]) => void }) {
  // Each phone's screen in one page (tests, the table view) holds its own form: ids must not repeat.
  const id = createUniqueId();
  const [from, setFrom] = createSignal<VoteEffect>('lazax');
  const [name, setName] = createSignal('');
  const [votes, setVotes] = createSignal(1);
  const [error, setError] = createSignal<string>();
  const named = () => from() === 'action' || from() === 'race';
  // Assembly b is offered only to whom it may apply; the rules still refuse it from anyone else.
  const assembly = () => props.table.playerCount === 2 && props.table.active;
  const total = () => props.extra.reduce((n, e) => n + e.votes, 0);
  const add = () => {
    const e: Extra = named() ? { from: from(), name: name().trim(), votes: votes() } : { from: from(), votes: 3 };
    const check = checkExtraVotes([...props.extra, e], props.table);
    setError(check.ok ? undefined : check.reason);
    if (!check.ok) return;
    setName('');
    props.onChange([...props.extra, e]);
  };
  return (
    <details class="extra-votes">
      <summary>Extra votes from an effect{total() ? `: +${total()}` : ''}</summary>
      <Show when={props.extra.length}>
        <ul class="list" aria-label="Extra votes on your ballot">
          <For each={props.extra}>
            {(e, i) => (
              <li class="row spread">
                <span>+{e.votes} from {effectName(e)}</span>
                <button type="button" aria-label={`Remove +${e.votes} from ${effectName(e)}`} onClick={() => props.onChange(props.extra.filter((_, j) => j !== i()))}>
                  Remove
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <label for={`${id}-from`}>Votes from</label>
      <select id={`${id}-from`} value={from()} onChange={(e) => setFrom(e.currentTarget.value as VoteEffect)}>
        <option value="lazax">Lazax Survivors (domain counter): +3</option>
        <Show when={assembly()}>
          <option value="assembly">Assembly b (2 players): +3</option>
        </Show>
        <option value="action">An action card…</option>
        <option value="race">A race ability…</option>
      </select>
      <Show when={named()}>
        <label for={`${id}-name`}>{from() === 'action' ? 'Which action card' : 'Which race ability'}</label>
        <input id={`${id}-name`} maxLength={EFFECT_NAME_MAX} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
        <Stepper label="Votes it adds" unit="vote" min={1} max={EXTRA_VOTES_MAX} value={votes()} onChange={setVotes} />
      </Show>
      <Show when={error()}>
        <p class="alert" role="alert">{error()}</p>
      </Show>
      <button type="button" onClick={add}>Add these votes</button>
    </details>
  );
}
