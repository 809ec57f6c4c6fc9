import { For, Show, createMemo, createSignal } from 'solid-js';
import { listWords } from '../../../doc/views';
import type { GameSnapshot } from '../../../doc';
import { ballotAgendas, stillNews } from '../../../doc/council/views';
import type { RoundState } from '../../../rules/round';
import type { AgendaResult } from '../../../rules/council';
import { VOC_KEY } from '../../../rules/council';

const seatName = (s: GameSnapshot, id: string) => s.seats.find((x) => x.id === id)?.name ?? id;

/** "Checks and Balances: For, 3 to 1": one agenda's result, in words. */
export function resultWords(s: GameSnapshot, r: AgendaResult): string {
  const name = ballotAgendas(s.council, { agendas: [r.agenda] }, s.seats)[0]?.name ?? r.agenda;
  const outcome = (o: string) => (r.agenda === VOC_KEY || s.seats.some((x) => x.id === o) ? seatName(s, o) : o === 'for' ? 'For' : o === 'against' ? 'Against' : o);
  const score = Object.values(r.totals).sort((a, b) => b - a).join(' to ');
  if (r.status === 'won') return `${name}: ${outcome(r.winner)}, ${score}${r.byTieBreak ? ' (the Speaker broke the tie)' : ''}`;
  if (r.status === 'tie') return `${name}: a tie between ${listWords(r.tied.map(outcome))} (${score}); the Speaker decides`;
  return `${name}: no votes, discarded without effect`;
}

/**
 * The result of a vote, announced on every phone and the table view the moment it resolves (issue 26):
 * a live region, so a screen reader says it too. A vote resolved before this screen opened is not news,
 * and news ends with the phase and round this screen announced it in (issue 35 item 6: the banner stayed
 * on the TV into the next round).
 */
export function VoteNews(props: { state: GameSnapshot; floating?: boolean }) {
  // eslint-disable-next-line solid/reactivity -- what was resolved when the screen opened, read once
  const old = new Set(props.state.council.sessions.filter((v) => v.results).map((v) => v.id));
  const [dismissed, setDismissed] = createSignal<string>();
  // The round and phase under way when this screen first showed each result.
  const announcedIn = new Map<string, RoundState>();
  const news = createMemo(() => {
    const v = props.state.council.sessions.at(-1);
    if (!v?.results || old.has(v.id) || v.id === dismissed()) return undefined;
    const now = props.state.round;
    if (!announcedIn.has(v.id)) announcedIn.set(v.id, { ...now });
    return stillNews(v, announcedIn.get(v.id) ?? now, now) ? v : undefined;
  });
  return (
    <div class="vote-news" classList={{ toast: props.floating && !!news() }} role="status" aria-live="polite">
      <Show when={news()}>
        {(v) => (
          <>
            <strong>The council has voted.</strong>
            <ul class="list">
              <For each={v().results ?? []}>{(r) => <li>{resultWords(props.state, r)}</li>}</For>
            </ul>
            <Show when={props.floating}>
              <button type="button" onClick={() => setDismissed(v().id)}>OK</button>
            </Show>
          </>
        )}
      </Show>
    </div>
  );
}
