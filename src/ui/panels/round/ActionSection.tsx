import { For, Match, Show, Switch, createSignal, onCleanup } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { raceOf } from '../../../doc';
import { cardsOf, leftBehind, openOffers, secondaryForNothing } from '../../../doc/round';
import { listWords } from '../../../doc';
import { goodsToCollect } from '../../../doc/trade';
import { reversedThisRound } from '../../../doc/planets';
import { raceEffects } from '../../../rules/raceAbilities';
import { isNobodyActor, secondaryCostFor } from '../../../rules/strategy';
import { DIPLOMACY, LEADERSHIP, TECHNOLOGY, TRADE } from '../../../rules/strategyCards';
import { AdvancedResearch, Annexation, CardSpecials, ExecutiveCommands, PrimaryChoices, TradeSpecial } from './CardActions';
import { act } from '../../widgets/errors';
import { ConfirmDialog } from '../../widgets/Dialog';
import { SurrenderButton } from './LeaveControls';
import { PlayCard } from './PlayCard';
import { SimultaneousTactical } from './SimultaneousTactical';
import { turnLimit } from './timer';
import { actorLabel, cardInfo, cardTitle, clock, plural, seatName } from './words';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string | undefined;
  run: (fn: () => void) => boolean;
}

/**
 * Action phase (001 "Action Phase"): initiative order with who has passed and which cards are played,
 * whose turn it is, and on the active player's phone her three actions (strategic, tactical, pass)
 * then "End turn"; the Yssaril may also skip the turn (003 Appendix 2). The 5-player card played by no
 * player gets a button on every phone when its turn comes.
 */
export function ActionSection(props: Props) {
  const t = () => props.state.tracker;
  const mine = () => !!props.mySeat && t().active === props.mySeat;
  const nobodyTurn = () => (t().active && isNobodyActor(t().active as string) ? Number((t().active as string).slice(1)) : null);
  const run = (fn: () => void) => act(props, fn);
  const myCards = () => (props.mySeat ? cardsOf(t(), props.mySeat).filter((c) => !c.played) : []);
  const maySkip = () => !!props.mySeat && raceEffects(raceOf(props.state, props.mySeat)?.id).skipsTurns;
  const skippedLast = () => !!props.mySeat && t().skipped.includes(props.mySeat);
  // The Yin's reversed planet is an action taken where her planets are (the Planets tab): said here too.
  const mayReverse = () => !!props.mySeat && raceEffects(raceOf(props.state, props.mySeat)?.id).reversesPlanetValues && !reversedThisRound(props.state.planets, props.mySeat, props.state.round);
  // "End turn" and "Pass" with something of hers not recorded ask first, naming it (issue 35 item 1).
  const left = (by: 'end turn' | 'pass') => (props.mySeat ? leftBehind(props.state, props.mySeat, { by }) : []);
  const [asking, setAsking] = createSignal<'end turn' | 'pass'>();
  // eslint-disable-next-line solid/reactivity -- called from click handlers only
  const endTurn = () => run(() => props.game.move(roundMoves.endTurn, props.mySeat as string));
  // eslint-disable-next-line solid/reactivity -- called from click handlers only
  const pass = () => run(() => props.game.move(roundMoves.pass, props.mySeat as string));
  return (
    <section aria-labelledby="action-h">
      <h3 id="action-h">Turns</h3>
      <p class={mine() ? 'yourturn' : 'waiting'} role="status" aria-label="Turn">
        {mine()
          ? t().acting ? `Your turn: ${t().acting} action under way.` : 'Your turn: take an action.'
          : t().active ? `Waiting for ${actorLabel(props.state, t().active)}${t().acting ? ` (${t().acting} action)` : ''}.` : 'Nobody is to act.'}
      </p>
      <Show when={mine()}>
        <TurnClock state={props.state} />
        <Show
          when={!t().acting}
          fallback={
            <div class="stack">
              <PrimaryChoices game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} which="current" />
              <CardSpecials game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} />
              <button type="button" class="wide" classList={{ primary: !left('end turn').length }} onClick={() => (left('end turn').length ? setAsking('end turn') : endTurn())}>
                End turn
              </button>
              <Show when={asking() === 'end turn' && left('end turn').length > 0}>
                <ConfirmDialog title={`End your turn without ${listWords(left('end turn'))}?`} confirm={`End turn without ${left('end turn').length === 1 ? 'it' : 'them'}`} onConfirm={endTurn} onClose={() => setAsking(undefined)}>
                  <p>Nothing of it is recorded yet: what it gives (counters, cards, a technology, goods) is lost once the turn passes.</p>
                </ConfirmDialog>
              </Show>
              <PrimaryChoices game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} which="earlier" />
            </div>
          }
        >
          <div class="stack">
            <For each={myCards()}>
              {(c) => (
                <button type="button" class="primary wide" onClick={() => run(() => props.game.move(roundMoves.strategic, props.mySeat as string, c.initiative))}>
                  Strategic action: play {c.initiative} {cardTitle(c.initiative)}
                </button>
              )}
            </For>
            <button type="button" class="wide" onClick={() => run(() => props.game.move(roundMoves.tactical, props.mySeat as string))}>
              Tactical action (−1 command pool)
            </button>
            <Show when={props.state.meta.options.simultaneousTactical}>
              <SimultaneousTactical game={props.game} state={props.state} seat={props.mySeat as string} />
            </Show>
            <PlayCard game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} turn />
            <Show when={mayReverse()}>
              <p class="muted small">Or your race ability: reverse a planet's resources and influence until the end of the round, from the Planets tab.</p>
            </Show>
            <TradeSpecial game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} />
            <button type="button" class="wide" disabled={myCards().length > 0} aria-describedby={myCards().length ? 'pass-note' : undefined} onClick={() => (left('pass').length ? setAsking('pass') : pass())}>
              Pass
            </button>
            <Show when={asking() === 'pass' && left('pass').length > 0}>
              <ConfirmDialog title={`Pass without ${listWords(left('pass'))}?`} confirm="Pass anyway" onConfirm={pass} onClose={() => setAsking(undefined)}>
                <p>You take no more actions this round, and a secondary ability is answered when its card is played: once you have passed, only those of cards played after it (001 "Passing").</p>
              </ConfirmDialog>
            </Show>
            <Show when={maySkip()}>
              <button type="button" class="wide" disabled={skippedLast()} aria-describedby={skippedLast() ? 'skip-note' : undefined} onClick={() => run(() => props.game.move(roundMoves.skipTurn, props.mySeat as string))}>
                Skip this turn
              </button>
              <p id="skip-note" class="muted small">
                {skippedLast() ? 'You skipped your last turn: you may not skip two in a row.' : 'A race ability: your turn goes by without an action, and you have not passed.'}
              </p>
            </Show>
            <SurrenderButton game={props.game} state={props.state} run={props.run} seat={props.mySeat as string} disabled={myCards().length > 0} />
            <Show when={myCards().length > 0}>
              <p id="pass-note" class="muted small">You may pass once your strategy card{myCards().length > 1 ? 's are' : ' is'} played.</p>
            </Show>
          </div>
        </Show>
      </Show>
      <Show when={props.mySeat && !(mine() && !t().acting)}>
        {/* Trade's special may come ready after her turn (the last answer to Realize Profits): never lost for it. */}
        <Show when={!mine()}>
          <TradeSpecial game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} />
        </Show>
        <PlayCard game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} turn={false} />
      </Show>
      <Show when={nobodyTurn()}>
        {(n) => (
          <button type="button" class="primary wide" onClick={() => run(() => props.game.move(roundMoves.playForNobody, n()))}>
            Play {cardTitle(n())} for no player
          </button>
        )}
      </Show>
      <ol class="list order" aria-label="Initiative order">
        <For each={t().order}>
          {(actor) => {
            const cards = () => (isNobodyActor(actor) ? t().cards.filter((c) => c.initiative === Number(actor.slice(1))) : cardsOf(t(), actor));
            const state = () => (t().active === actor ? 'acting now' : t().passed.includes(actor) ? 'passed' : isNobodyActor(actor) && cards()[0]?.played ? 'done' : t().skipped.includes(actor) ? 'skipped last turn' : '');
            return (
              <li class="card row" classList={{ active: t().active === actor, passed: t().passed.includes(actor) }}>
                <span class="grow">
                  <strong>{actorLabel(props.state, actor)}</strong>{' '}
                  <span class="small">
                    <For each={cards()}>
                      {(c, i) => (
                        <>
                          {/* The tags look apart; a screen reader hears them apart too ("1 Leadership, 5 Trade"). */}
                          <span class="tag" classList={{ played: c.played }}>
                            {c.initiative} {cardTitle(c.initiative)}
                            <Show when={c.played}><span aria-hidden="true"> ✓</span><span class="sr-only"> (played)</span></Show>
                          </span>
                          <Show when={i() < cards().length - 1}><span class="sr-only">,</span></Show>{' '}
                        </>
                      )}
                    </For>
                  </span>
                </span>
                <span class="small">{state()}</span>
              </li>
            );
          }}
        </For>
      </ol>
    </section>
  );
}

/** Elapsed time of her turn, against the limit she set on this phone (if any). */
function TurnClock(props: { state: GameSnapshot }) {
  const [now, setNow] = createSignal(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 1000);
  onCleanup(() => clearInterval(timer));
  const elapsed = () => {
    const start = props.state.tracker.turnStart;
    return start === null ? 0 : (now() - props.state.meta.createdAt) / 1000 - start;
  };
  return (
    <Show when={turnLimit() > 0}>
      <p class="small" classList={{ warn: elapsed() > turnLimit() * 60 }} role="timer" aria-label="Turn timer">
        Turn time {clock(elapsed())} of {clock(turnLimit() * 60)}
      </p>
    </Show>
  );
}

/** The secondary abilities of cards played this round that she has not answered yet. */
export function SecondaryOffers(props: Props) {
  const offers = () => (props.mySeat ? openOffers(props.state, props.mySeat) : []);
  const run = (fn: () => void) => act(props, fn);
  // A secondary that would cost a counter for nothing asks first (issue 35 item 1).
  const forNothing = (card: number) => (props.mySeat ? secondaryForNothing(props.state, props.mySeat, card) : undefined);
  const [asking, setAsking] = createSignal<number>();
  // eslint-disable-next-line solid/reactivity -- called from click handlers only
  const realize = () => run(() => props.game.move(roundMoves.realizeProfits, props.mySeat as string));
  return (
    <Show when={offers().length}>
      <section aria-labelledby="secondary-h">
        <h3 id="secondary-h">Secondary abilities</h3>
        <ul class="list">
          <For each={offers()}>
            {(o) => {
              const cost = () => (secondaryCostFor(o.card, raceOf(props.state, props.mySeat as string)?.id) === 'counter' ? ' (−1 strategy allocation)' : '');
              return (
                <li class="card">
                  <p>
                    <strong>{cardTitle(o.card)}</strong> was played by {o.by ? seatName(props.state, o.by) : 'no player'}.{' '}
                    <span class="small">{cardInfo(o.card)?.secondary}</span>
                  </p>
                  <div class="row">
                    <Switch
                      fallback={
                        <button type="button" class="primary grow" onClick={() => run(() => props.game.move(roundMoves.secondary, props.mySeat as string, o.card, true))}>
                          Use the secondary ability of {cardTitle(o.card)}{cost()}
                        </button>
                      }
                    >
                      <Match when={o.card === LEADERSHIP}>
                        <ExecutiveCommands game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} label="Buy command counters with influence…" />
                      </Match>
                      <Match when={o.card === DIPLOMACY}>
                        <Annexation game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} cost={cost()} holder={o.by} />
                      </Match>
                      <Match when={o.card === TECHNOLOGY}>
                        <AdvancedResearch game={props.game} state={props.state} mySeat={props.mySeat as string} run={props.run} cost={cost()} />
                      </Match>
                      <Match when={o.card === TRADE}>
                        {/* Nothing on her agreements: a counter for nothing is no main button, and asks first (issue 35 items 1 and 2). */}
                        <button type="button" class="grow" classList={{ primary: goodsToCollect(props.state, props.mySeat as string) > 0 }} onClick={() => (forNothing(o.card) ? setAsking(o.card) : realize())}>
                          {goodsToCollect(props.state, props.mySeat as string) > 0 ? `Realize Profits: collect ${plural(goodsToCollect(props.state, props.mySeat as string), 'trade good')}${cost()}` : `Realize Profits: nothing to collect${cost()}`}
                        </button>
                        <Show when={asking() === o.card && forNothing(o.card)}>
                          {(why) => (
                            <ConfirmDialog title="Pay a strategy allocation counter for nothing?" confirm="Pay it for nothing" onConfirm={realize} onClose={() => setAsking(undefined)}>
                              <p>Realize Profits collects nothing now: {why()}. Decline it instead to keep the counter.</p>
                            </ConfirmDialog>
                          )}
                        </Show>
                      </Match>
                    </Switch>
                    <button type="button" aria-label={`Decline the secondary ability of ${cardTitle(o.card)}`} onClick={() => run(() => props.game.move(roundMoves.secondary, props.mySeat as string, o.card, false))}>
                      Decline
                    </button>
                  </div>
                </li>
              );
            }}
          </For>
        </ul>
      </section>
    </Show>
  );
}
