import { For, Match, Show, Switch, createMemo } from 'solid-js';
import { victoryPoints } from '../../../doc/sheet';
import type { Game, GameSnapshot } from '../../../doc';
import { describeRound } from '../../../rules/round';
import { act } from '../../widgets/errors';
import { ActionSection, SecondaryOffers } from './ActionSection';
import { Objectives } from './Objectives';
import { StatusChecklist } from './StatusChecklist';
import { StrategySection } from './StrategySection';
import { TURN_LIMITS, setTurnLimit, turnLimit } from './timer';
import { VictoryScreen } from './Victory';
import { Elimination } from './LeaveControls';
import { seatName } from './words';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string | undefined;
  run: (fn: () => void) => boolean;
}

/**
 * The Round tab: the round tracker every phone shares (001 "Round"). The decision first: the secondary
 * abilities waiting for this phone's answer, then what the table is doing now (picking, turns, the status
 * step) with this phone's controls for its own seat above the reference lists; then the objectives, the
 * VP track, and the table settings (speaker, rotation cycler, this phone's turn timer, the table view).
 * The final screen once someone has won.
 */
export function RoundPanel(props: Props) {
  const t = () => props.state.tracker;
  const mine = createMemo(() => t().notices.filter((n) => n.refused && n.seat === props.mySeat && n.round === props.state.round.round));
  return (
    <div class="stack round-panel">
      {/* The phase bar above shows it; the heading keeps the tab's outline for a screen reader. */}
      <h2 class="sr-only">{describeRound(props.state.round)}</h2>
      <Show when={t().victory}>{(v) => <VictoryScreen state={props.state} victory={v()} />}</Show>
      <Show when={mine().length}>
        <div class="alert" role="status">
          <For each={mine()}>{(n) => <p class="small">{n.text}</p>}</For>
        </div>
      </Show>
      {/* The decision first (the now bar's tap lands here): a secondary offered to her, then the phase's own controls. */}
      <div id="decision" class="decision" tabIndex={-1}>
        <SecondaryOffers {...props} />
        <Switch>
          <Match when={props.state.round.phase === 'strategy'}>
            <StrategySection {...props} />
          </Match>
          <Match when={props.state.round.phase === 'action'}>
            <ActionSection {...props} />
          </Match>
          <Match when={props.state.round.phase === 'status'}>
            <StatusChecklist {...props} />
          </Match>
        </Switch>
      </div>
      <Objectives {...props} />
      <VpTrack state={props.state} mySeat={props.mySeat} />
      <TableSettings {...props} />
    </div>
  );
}

/** Every seat's VP against the goal, highest first. */
function VpTrack(props: { state: GameSnapshot; mySeat: string | undefined }) {
  const rows = () => props.state.seats.map((s) => ({ s, vp: victoryPoints(props.state, s.id).total })).sort((a, b) => b.vp - a.vp).map((x) => x.s);
  const goal = () => props.state.meta.vpGoal;
  return (
    <section aria-labelledby="vp-h">
      <h3 id="vp-h">Victory points (first to {goal()})</h3>
      <ol class="list vp-track" aria-label="Victory point track">
        <For each={rows()}>
          {(s) => {
            const vp = () => victoryPoints(props.state, s.id).total;
            return (
              <li class="row nowrap" aria-label={`${s.name}: ${vp()} of ${goal()} VP`}>
                <span class="vp-name"><span class="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.name}{s.id === props.mySeat ? ' (you)' : ''}</span>
                <span class="vp-bar grow" aria-hidden="true"><span style={{ width: `${Math.min(100, (vp() / goal()) * 100)}%`, background: s.color }} /></span>
                <strong class="vp-num">{vp()}</strong>
              </li>
            );
          }}
        </For>
      </ol>
    </section>
  );
}

/** Speaker, rotation cycler (the speaker turns it), this phone's turn timer, and the table view link. */
function TableSettings(props: Props) {
  const t = () => props.state.tracker;
  const iAmSpeaker = () => !!props.mySeat && t().speaker === props.mySeat;
  const other = () => (t().direction === 'clockwise' ? 'counterclockwise' : 'clockwise');
  return (
    <section aria-labelledby="table-h">
      <h3 id="table-h">Table</h3>
      <label for="speaker">Speaker</label>
      <select id="speaker" value={t().speaker} onChange={(e) => act(props, () => props.game.move(roundMoves.setSpeaker, e.currentTarget.value))}>
        <For each={props.state.seats}>{(s) => <option value={s.id}>{s.name}</option>}</For>
      </select>
      <p class="row">
        <span class="grow">Rotation cycler: <strong>{t().direction}</strong>{iAmSpeaker() ? '' : ` (${seatName(props.state, t().speaker)}, the speaker, turns it)`}</span>
        <Show when={iAmSpeaker()}>
          <button type="button" onClick={() => act(props, () => props.game.move(roundMoves.setDirection, props.mySeat as string, other()))}>
            Turn it {other()}
          </button>
        </Show>
      </p>
      <label for="turn-timer">Turn timer on this phone</label>
      <select id="turn-timer" value={String(turnLimit())} onChange={(e) => setTurnLimit(Number(e.currentTarget.value))}>
        <For each={TURN_LIMITS}>{(m) => <option value={String(m)}>{m === 0 ? 'Off' : `${m} minute${m === 1 ? '' : 's'} per turn`}</option>}</For>
      </select>
      <Elimination game={props.game} state={props.state} run={props.run} />
      <p>
        <a class="button wide" href={`#/table/${props.state.meta.id}`}>Open the table view (tablet or TV)</a>
      </p>
    </section>
  );
}
