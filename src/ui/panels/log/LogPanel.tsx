import { For, Show, createMemo, createSignal } from 'solid-js';
import { filterHistory, historyCsv, historyLines, TABLE } from '../../../doc';
import type { Game, HistoryLine, GameSnapshot } from '../../../doc';
import { NOTE_MAX } from '../../../doc/sheet';
import { offerFile } from '../../shell/download';

const PAGE = 50;

/**
 * The game's history, newest first, the same on every phone: "Ana exhausted Jord for 4 resources",
 * with the round, the time and the phone that made each change (and its player), and what the table
 * did by itself. Filters by player and by round; export as CSV (what is shown, filters applied).
 */
export function LogPanel(props: { game: Game; state: GameSnapshot; mySeat: string | undefined }) {
  const [shown, setShown] = createSignal(PAGE);
  const [seat, setSeat] = createSignal('');
  const [round, setRound] = createSignal(0);
  const all = createMemo(() => historyLines(props.state));
  const filtered = createMemo(() => filterHistory(all(), { seat: seat() || undefined, round: round() || undefined }));
  const entries = createMemo(() => filtered().slice(-shown()).reverse());
  const rounds = () => Array.from({ length: Math.max(props.state.round.round, props.state.tracker.roundStarts.length) }, (_, i) => i + 1);
  /**
   * Whose phone wrote it, by the player's name: the line itself names the players it is about (and her race
   * where a race ability acted), so "Ana (Sol)" above "Ana (Sol) used…" said it twice (issue 34 item 6).
   */
  const who = (l: HistoryLine) => {
    if (l.phone === TABLE) return 'the table';
    const seat = props.state.seats.find((s) => s.id === l.phoneSeat);
    return seat ? `${seat.name}'s phone` : `${l.phone} (no player)`;
  };
  const when = (l: HistoryLine) => new Date(l.time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const exportCsv = () => {
    const s = props.state;
    void offerFile(`${s.meta.name.replace(/[^a-z0-9]+/gi, '-')}-log.csv`, historyCsv(s, filtered()), 'text/csv');
  };
  return (
    <section aria-labelledby="log-h">
      <h2 id="log-h">Game log</h2>
      <NoteForm game={props.game} seat={props.mySeat} />
      <div class="log-filters">
        <div>
          <label for="log-seat">Who acted</label>
          <select id="log-seat" value={seat()} onChange={(e) => setSeat(e.currentTarget.value)}>
            <option value="">Everyone</option>
            <For each={props.state.seats}>{(s) => <option value={s.id}>{s.name}</option>}</For>
          </select>
        </div>
        <div>
          <label for="log-round">Round</label>
          <select id="log-round" value={String(round())} onChange={(e) => setRound(Number(e.currentTarget.value))}>
            <option value="0">All rounds</option>
            <For each={rounds()}>{(r) => <option value={String(r)}>Round {r}</option>}</For>
          </select>
        </div>
      </div>
      <ol class="list log" aria-label="Game log, newest first">
        <For each={entries()} fallback={<li class="muted">Nothing for this filter.</li>}>
          {(l) => (
            <li>
              <span class="muted small">
                R{l.round} · {when(l)} · {who(l)}
              </span>
              <br />
              {l.text}
            </li>
          )}
        </For>
      </ol>
      <div class="row">
        <Show when={filtered().length > shown()}>
          <button type="button" onClick={() => setShown(shown() + PAGE)}>Show older</button>
        </Show>
        <button type="button" class="grow" onClick={exportCsv}>Export the log (CSV)</button>
      </div>
    </section>
  );
}

/** A note any player adds for the table ("Ben owes me 2 trade goods next round"), in the log with her name. */
function NoteForm(props: { game: Game; seat: string | undefined }) {
  const [text, setText] = createSignal('');
  const [error, setError] = createSignal<string>();
  const add = () => {
    const refused = props.game.move(props.game.moves.sheet.note, props.seat ?? null, text());
    setError(refused?.message);
    if (!refused) setText('');
  };
  return (
    <form
      class="stack"
      aria-label="Add a note"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <label for="note-text">A note for the table (everyone reads it in the log)</label>
      <textarea id="note-text" rows="2" maxLength={NOTE_MAX} value={text()} onInput={(e) => setText(e.currentTarget.value)} />
      <Show when={error()}>
        <p class="alert" role="alert">{error()}</p>
      </Show>
      <button type="submit">Add note</button>
    </form>
  );
}
