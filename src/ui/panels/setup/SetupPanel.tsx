/**
 * Setup at the table (issue 19): the SA setup steps on this phone, in order, each taken on the phone whose
 * turn it is. What needs no tap (the shared die rolls, locking, shuffling and unlocking the decks, revealing
 * the keys) this phone does by itself (runtime/setupAgent.ts); what it shows of its own cards comes from its
 * private store, never from the shared document.
 */
import { For, Index, Match, Show, Switch, createEffect, createMemo, createResource, createSignal, on, onCleanup } from 'solid-js';
import { RACES, compareNames } from '../../../data';
import { openedIn } from '../../../doc/dice/views';
import { OBJECTIVES_BY_ID } from '../../../doc/objectives/views';
import { plural, raceName } from '../../../doc/views';
import type { Game, GameSnapshot } from '../../../doc';
// The setup's fold helpers from its index: the game screen's first frame reaches its views (the seat picker),
// which must not bring the fold, the deal's cryptography and lib0 with them (issue 33).
import { objectivesByStage, tradeGoodsSoFar } from '../../../doc/setup/views';
import { STEP_NAMES, drawPurpose, fromFirst, lockTurn, openDeal, racePool, secretDeal, setupRefusal, speakerOf, unlockTurn } from '../../../doc/setup';
import type { SetupOp, SetupState, SetupStep } from '../../../doc/setup';
import * as setupMoves from '../../../doc/setup/moves';
import { seatingByLocation } from '../../../rules/setup';
import { updateHand } from '../../../secret/privateStore';
import { keptRace, loadSetupSecrets, onSetupSecrets } from '../../../runtime/setupAgent';
import { buzz } from '../../shell/awake';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';

interface Props {
  game: Game;
  state: GameSnapshot;
  seat: string;
}

const STEPS: readonly SetupStep[] = ['roll', 'pick', 'deal', 'home', 'seating', 'speaker', 'cycler', 'objectives', 'secrets', 'reveal'];

export function SetupPanel(props: Props) {
  const errors = createErrorReporter();
  const s = () => props.state.setup;
  const name = (seat: string | null | undefined) => props.state.seats.find((x) => x.id === seat)?.name ?? '';
  const mine = (seat: string | null | undefined) => seat === props.seat;
  // This phone's own cards: re-read whenever the agent saves one it has read.
  const [saved, setSaved] = createSignal(0);
  onCleanup(onSetupSecrets(() => setSaved((n) => n + 1)));
  const [secrets] = createResource(() => [props.state.meta.id, props.seat, saved()] as const, ([game, seat]) => loadSetupSecrets(game, seat));
  // What the setup asks of this phone, as a key: a new request buzzes it, as the now bar does in the game.
  const asked = createMemo(() => {
    const x = s();
    const deal = openDeal(x);
    const offered = !!offeredRace(x, props.seat, secrets());
    const cycler = x.step === 'cycler' && speakerOf(x) === props.seat;
    const secret = x.step === 'secrets' && !x.keptSecret.includes(props.seat) && x.deals.some((d) => d.what === 'secret' && !!secrets()?.cards[d.id]);
    const mine = x.pickTurn === props.seat || offered || x.home?.turn === props.seat || x.speaker?.turn === props.seat || cycler || secret;
    return mine ? `${x.step}:${deal?.id ?? ''}:${Object.keys(x.home?.holds ?? {}).length}:${x.speaker?.high?.bid ?? ''}` : '';
  });
  createEffect(
    on(asked, (key, before) => {
      if (key && before !== undefined && key !== before) buzz();
    }),
  );
  const act: Act = (command) => {
    const [game, seat] = [props.game, props.seat];
    void errors.runAsync(() => command(game, seat));
  };

  return (
    <section aria-labelledby="setup-title">
      <h2 id="setup-title">Setup at the table</h2>
      <ol class="steps small" aria-label="Setup steps">
        <For each={STEPS}>
          {(step, i) => (
            <li aria-current={s().step === step ? 'step' : undefined} class={STEPS.indexOf(s().step) > i() ? 'muted' : s().step === step ? 'strong' : ''}>
              {STEP_NAMES[step]}
            </li>
          )}
        </For>
      </ol>
      <Show when={s().first}>
        {(first) => (
          <p>
            <strong>{name(first())}</strong> rolled highest and is the first player.{' '}
            <span class="muted small">Rolls: {s().rolls.map((round) => Object.entries(round).map(([seat, roll]) => `${name(seat)} ${roll}`).join(', ')).join(' · then ')}</span>
          </p>
        )}
      </Show>
      <Switch>
        <Match when={s().step === 'roll'}>
          <p role="status">Rolling the die: every phone adds a random value nobody else can see until all are in ({Object.keys(props.state.dice[drawPurpose(s(), 'roll')]?.commits ?? {}).length} of {props.state.seats.length}).</p>
          <StartOver {...props} what="draw" />
        </Match>
        <Match when={s().step === 'pick'}>
          <PickStep {...props} act={act} name={name} />
        </Match>
        <Match when={s().step === 'deal'}>
          <DealStep {...props} act={act} name={name} secrets={secrets()} />
        </Match>
        <Match when={s().step === 'home'}>
          <HomeStep {...props} act={act} name={name} />
        </Match>
        <Match when={s().step === 'seating'}>
          <SeatingStep {...props} act={act} name={name} />
        </Match>
        <Match when={s().step === 'speaker'}>
          <SpeakerStep {...props} act={act} name={name} />
        </Match>
        <Match when={s().step === 'cycler'}>
          <Show when={speakerOf(s())} keyed>
            {(speaker) => (
              <Show when={mine(speaker)} fallback={<p role="status">{name(speaker)} holds the speaker token and orients the rotation cycler.</p>}>
                <p>You hold the speaker token. Orient the rotation cycler:</p>
                <div class="row">
                  <button type="button" class="grow" onClick={() => act((g, seat) => g.moveSigned(setupMoves.cycler, seat, 'clockwise'))}>Clockwise</button>
                  <button type="button" class="grow" onClick={() => act((g, seat) => g.moveSigned(setupMoves.cycler, seat, 'counterclockwise'))}>Counter-clockwise</button>
                </div>
              </Show>
            )}
          </Show>
        </Match>
        <Match when={s().step === 'objectives'}>
          <p role="status">Drawing 3 Stage I, 1 Preliminary and 3 Stage II objectives from values every phone adds…</p>
          <StartOver {...props} what="draw" />
        </Match>
        <Match when={s().step === 'secrets'}>
          <SecretsStep {...props} act={act} name={name} secrets={secrets()} />
        </Match>
        <Match when={s().step === 'reveal'}>
          <p role="status">Revealing hidden races and checking every step of the race deal against the keys… ({Object.keys(s().reveals).length} of {props.state.seats.length})</p>
        </Match>
      </Switch>
      <Summary {...props} name={name} secrets={secrets()} />
      <Show when={s().unfair}>{(why) => <p class="alert" role="alert"><strong>The race deal was not fair.</strong> {why()}</p>}</Show>
      <Show when={s().secretsGarbled}>{(why) => <p class="alert" role="alert"><strong>The secret objectives' deal failed.</strong> {why()}</p>}</Show>
      <StartOver {...props} what="races" />
      <StartOver {...props} what="secrets" />
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
    </section>
  );
}

/** Runs a setup command for this phone's seat, reporting a refusal. */
type Act = (command: (game: Game, seat: string) => Promise<unknown>) => void;
/** The two secret objectives dealt to her (step 5), once her phone has read them. */
function ownSecretObjectives(s: SetupState, secrets: Secrets): string[] | undefined {
  const d = secretDeal(s);
  return d ? secrets?.cards[d.id] : undefined;
}

/** Her secretly dealt race waiting for her to keep or return it, once her phone has read it. */
function offeredRace(s: SetupState, seat: string, secrets: Secrets): { deal: number; round: number; race: string } | undefined {
  const d = openDeal(s);
  if (!d || d.round === 3 || !d.recipients.includes(seat) || d.choices[seat] !== undefined) return undefined;
  const race = secrets?.cards[d.id]?.[0];
  return race ? { deal: d.id, round: d.round, race } : undefined;
}

type StepProps = Props & { act: Act; name: (seat: string | null | undefined) => string };
type Secrets = Awaited<ReturnType<typeof loadSetupSecrets>> | undefined;

function PickStep(props: StepProps) {
  const s = () => props.state.setup;
  const [race, setRace] = createSignal('');
  const free = () => RACES.filter((r) => !Object.values(s().picks).includes(r.id)).sort((a, b) => compareNames(a.name, b.name));
  return (
    <>
      <p class="small">Starting with the first player and going clockwise, each player chooses a race or passes. Those who pass are dealt a race from the rest.</p>
      <Show when={s().pickTurn === props.seat} fallback={<p role="status">{props.name(s().pickTurn)} is choosing a race.</p>}>
        <label for="setup-race">Your race</label>
        <select id="setup-race" value={race()} onChange={(e) => setRace(e.currentTarget.value)}>
          <option value="">Choose a race…</option>
          <For each={free()}>{(r) => <option value={r.id}>{r.name}</option>}</For>
        </select>
        <div class="row">
          <button type="button" class="primary grow" disabled={!race()} onClick={() => { const r = race(); props.act((g, seat) => g.moveSigned(setupMoves.pick, seat, r)); }}>Choose this race</button>
          <button type="button" class="grow" onClick={() => props.act((g, seat) => g.moveSigned(setupMoves.pick, seat, null))}>Pass: deal me one</button>
        </div>
      </Show>
    </>
  );
}

function DealStep(props: StepProps & { secrets: Secrets }) {
  const s = () => props.state.setup;
  const deal = () => openDeal(s());
  const offered = createMemo(() => offeredRace(s(), props.seat, props.secrets));
  const busy = () => {
    const d = deal();
    if (!d) return undefined;
    const locker = lockTurn(d);
    if (locker) return `${props.name(locker)}'s phone is locking and shuffling the deck of ${d.plain?.length ?? d.input.length} races.`;
    const unlocker = unlockTurn(d);
    if (unlocker) return `${props.name(unlocker)}'s phone is unlocking the dealt cards.`;
    const waiting = d.recipients.filter((r) => d.choices[r] === undefined);
    return waiting.length ? `Waiting for ${waiting.map(props.name).join(', ')} to keep or return a race.` : undefined;
  };
  return (
    <>
      <p class="small">
        {deal()?.round === 3 ? 'The public deal: whoever still has no race gets one, face up.' : `Secret deal ${deal()?.round ?? ''}: each player without a race is dealt one that only her phone can read. Keep it, or return it to the pool without showing it.`}
      </p>
      <Show when={offered()} keyed fallback={<p role="status">{busy()}</p>}>
        {(o) => (
          <div class="card">
            <p>You were dealt <strong>{raceName(o.race)}</strong>. Nobody else can see it.</p>
            <div class="row">
              <button type="button" class="primary grow" onClick={() => { const deal = o.deal; props.act((g, seat) => g.moveSigned(setupMoves.choose, seat, deal, true)); }}>Keep it</button>
              <button type="button" class="grow" onClick={() => { const deal = o.deal; props.act((g, seat) => g.moveSigned(setupMoves.choose, seat, deal, false)); }}>
                {o.round === 2 ? 'Return it (the public deal follows)' : 'Return it and be dealt again'}
              </button>
            </div>
          </div>
        )}
      </Show>
    </>
  );
}

function HomeStep(props: StepProps) {
  const s = () => props.state.setup;
  const [location, setLocation] = createSignal(1);
  const [bid, setBid] = createSignal(0);
  const home = () => s().home;
  return (
    <Show
      when={s().map === 'preset' && home()}
      fallback={
        <>
          <p>Build the galaxy star by star at the table. When it is done, any phone notes it.</p>
          <button type="button" class="primary wide" onClick={() => props.act((g, seat) => g.moveSigned(setupMoves.built, seat))}>The galaxy is built</button>
        </>
      }
    >
      {(h) => (
        <>
          <p class="small">Home system locations are numbered 1 to {h().locations}, clockwise round the map. From the first player, clockwise, each player without a location bids on a free one (0 or more trade goods) or overbids another player. Everyone then gets the difference between the highest bid and her own.</p>
          <ul aria-label="Home system locations">
            <Index each={Array.from({ length: h().locations }, (_, i) => i + 1)}>
              {(loc) => {
                const holder = () => Object.entries(h().holds).find(([, x]) => x.location === loc());
                return <li>Location {loc()}: {holder() ? `${props.name(holder()?.[0])}, ${plural(holder()?.[1].bid ?? 0, 'trade good')}` : 'free'}</li>;
              }}
            </Index>
          </ul>
          <Show when={h().turn === props.seat} fallback={<p role="status">{props.name(h().turn)} is bidding.</p>}>
            <div class="row">
              <div class="grow">
                <label for="home-location">Location</label>
                <select id="home-location" value={location()} onChange={(e) => setLocation(Number(e.currentTarget.value))}>
                  <Index each={Array.from({ length: h().locations }, (_, i) => i + 1)}>{(loc) => <option value={loc()}>{loc()}</option>}</Index>
                </select>
              </div>
              <div class="grow">
                <label for="home-bid">Trade goods</label>
                <input id="home-bid" type="number" inputmode="numeric" min="0" max="99" value={bid()} onInput={(e) => setBid(Number.parseInt(e.currentTarget.value, 10))} />
              </div>
            </div>
            <button type="button" class="primary wide" onClick={() => { const [at, goods] = [location(), bid()]; props.act((g, seat) => g.moveSigned(setupMoves.homeBid, seat, at, goods)); }}>Bid on location {location()}</button>
          </Show>
        </>
      )}
    </Show>
  );
}

function SeatingStep(props: StepProps) {
  const s = () => props.state.setup;
  const proposed = () => (s().home ? seatingByLocation(s().home as NonNullable<ReturnType<typeof s>['home']>) : s().tableOrder);
  const [order, setOrder] = createSignal<string[]>(proposed());
  const move = (i: number, by: number) => {
    const next = [...order()];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x as string);
    setOrder(next);
  };
  return (
    <>
      <p class="small">Players may change seats to sit by their home systems. This is the order clockwise round the table from now on.</p>
      <ol aria-label="Seating, clockwise">
        <Index each={order()}>
          {(seat, i) => (
            <li class="row">
              <span class="grow">{props.name(seat())}</span>
              <button type="button" aria-label={`Move ${props.name(seat())} up`} disabled={i === 0} onClick={() => move(i, -1)}>↑</button>
              <button type="button" aria-label={`Move ${props.name(seat())} down`} disabled={i === order().length - 1} onClick={() => move(i, 1)}>↓</button>
            </li>
          )}
        </Index>
      </ol>
      <button type="button" class="primary wide" onClick={() => { const seating = order(); props.act((g, seat) => g.moveSigned(setupMoves.seating, seat, seating)); }}>This is how we sit</button>
    </>
  );
}

function SpeakerStep(props: StepProps) {
  const b = () => props.state.setup.speaker;
  const [bid, setBid] = createSignal(0);
  return (
    <Show when={b()}>
      {(bidding) => (
        <>
          <p class="small">From the player on the right of the first player, counter-clockwise: bid trade goods on the speaker token (0 is allowed), overbid, or withdraw. The others each get as many trade goods as the winning bid.</p>
          <p>{bidding().high ? `Highest bid: ${props.name(bidding().high?.seat)}, ${plural(bidding().high?.bid ?? 0, 'trade good')}.` : 'No bid yet.'}</p>
          <Show when={bidding().turn === props.seat} fallback={<p role="status">{props.name(bidding().turn)} is bidding.</p>}>
            <label for="speaker-bid">Your bid (trade goods)</label>
            <input id="speaker-bid" type="number" inputmode="numeric" min="0" max="99" value={bid()} onInput={(e) => setBid(Number.parseInt(e.currentTarget.value, 10))} />
            <div class="row">
              <button type="button" class="primary grow" onClick={() => { const goods = bid(); props.act((g, seat) => g.moveSigned(setupMoves.speakerBid, seat, goods)); }}>Bid {bid()}</button>
              <Show when={bidding().high}>
                <button type="button" class="grow" onClick={() => props.act((g, seat) => g.moveSigned(setupMoves.speakerBid, seat, null))}>Withdraw</button>
              </Show>
            </div>
          </Show>
        </>
      )}
    </Show>
  );
}

function SecretsStep(props: StepProps & { secrets: Secrets }) {
  const s = () => props.state.setup;
  const dealId = () => secretDeal(s())?.id;
  const two = () => ownSecretObjectives(s(), props.secrets);
  const done = () => s().keptSecret.includes(props.seat);
  const keep = (objective: string) => {
    const [gameId, state] = [props.state.meta.id, s()];
    // One kept from a deal the table started over is given back.
    const earlier = Object.entries(props.secrets?.cards ?? {}).flatMap(([deal, cards]) => (Number(deal) !== dealId() && cards.length === 2 ? cards : []));
    props.act(async (g, seat) => {
      // Refused before her hand changes; then into her private hand first: the table hears only that she kept one.
      const why = setupRefusal(state, { op: 'kept', seat });
      if (why) throw new Error(`Refused: ${why}`);
      await updateHand(gameId, seat, (h) => ({ ...h, secretObjectives: [...h.secretObjectives.filter((x) => x !== objective && !earlier.includes(x)), objective] }));
      return g.moveSigned(setupMoves.keptSecret, seat);
    });
  };
  return (
    <Show when={!done()} fallback={<p role="status">Waiting for {props.state.seats.filter((x) => !s().keptSecret.includes(x.id)).map((x) => x.name).join(', ')} to keep a secret objective.</p>}>
      <Show when={two()} fallback={<p role="status">Dealing two secret objectives to each player…</p>}>
        {(cards) => (
          <>
            <p>Your two secret objectives. Keep one; the other is shuffled back.</p>
            <For each={cards()}>
              {(id) => (
                <div class="card">
                  <p><strong>{OBJECTIVES_BY_ID.get(id)?.name ?? id}</strong></p>
                  <p class="small">{OBJECTIVES_BY_ID.get(id)?.text}</p>
                  <button type="button" class="primary wide" onClick={() => keep(id)}>Keep {OBJECTIVES_BY_ID.get(id)?.name ?? id}</button>
                </div>
              )}
            </For>
          </>
        )}
      </Show>
    </Show>
  );
}

/** What is settled so far: the races (hers even when hidden), the bids' trade goods, the objectives. */
function Summary(props: Props & { name: (seat: string | null | undefined) => string; secrets: Secrets }) {
  const s = () => props.state.setup;
  // The trade goods as far as the setup settled them: step 7's home bids first, the final count after step 10.
  const goods = () => tradeGoodsSoFar(s());
  const raceOf = (seat: string) => {
    const known = s().picks[seat] ?? s().dealt[seat];
    if (known) return raceName(known);
    if (!s().hidden.includes(seat)) return '—';
    const own = seat === props.seat && props.secrets ? keptRace(s(), props.secrets, seat) : undefined;
    return own ? `${raceName(own)} (hidden from the others)` : 'hidden until the end of setup';
  };
  return (
    <Show when={s().first}>
      <table class="small" aria-label="Setup so far">
        <thead>
          <tr><th scope="col">Player</th><th scope="col">Race</th><th scope="col">{goods()?.from === 'home bids' ? 'Trade goods so far' : 'Trade goods'}</th></tr>
        </thead>
        <tbody>
          <For each={fromFirst(s())}>
            {(seat) => (
              <tr>
                <th scope="row">{props.name(seat)}</th>
                <td>{raceOf(seat)}</td>
                <td>{goods()?.goods[seat] ?? '—'}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={!s().keptSecret.includes(props.seat) && ownSecretObjectives(s(), props.secrets)}>
        {(two) => <p class="small">Your secret objectives (only your phone knows them; keep one at the end of setup): {two().map((id) => OBJECTIVES_BY_ID.get(id)?.name ?? id).join(' · ')}</p>}
      </Show>
      <Show when={goods()?.from === 'home bids'}>
        <p class="small muted">Trade goods so far: each player's difference to the highest home system bid (step 7); the speaker token auction and the normalisation (step 10) follow.</p>
      </Show>
      <Show when={s().objectives.length}>
        <h3>Objectives face up</h3>
        <For each={objectivesByStage(s().objectives)}>
          {(group) => (
            <p class="small">
              <strong>{group.label}:</strong> {group.ids.map((id) => OBJECTIVES_BY_ID.get(id)?.name ?? id).join(' · ')}
            </p>
          )}
        </For>
      </Show>
      <Show when={s().step === 'deal'}>
        <p class="muted small">Races in the pool: {racePool(s()).length - Object.keys(s().dealt).length - s().hidden.length}</p>
      </Show>
    </Show>
  );
}

const START_OVER = {
  races: {
    button: 'Start the race deal over…',
    text: 'Every race not chosen goes back into the pool, and the secret deals begin again. A player moved to another phone, which does not have her keys, or the deal failed its check.',
  },
  secrets: {
    button: 'Deal the secret objectives again…',
    text: 'Every player is dealt two new secret objectives and keeps one again. A player moved to another phone, which does not have her keys.',
  },
  draw: {
    button: 'Draw again…',
    text: 'Every phone adds a new value and the draw starts over. A player moved to another phone before her old phone added its value.',
  },
} as const;

const START_OVER_OP = { races: { op: 'redeal', what: 'races' }, secrets: { op: 'redeal', what: 'secrets' }, draw: { op: 'redraw' } } as const;

/**
 * Starting a deal or a draw over, offered only when every phone would accept it: a seat that still owes it a
 * step moved to another phone since it began, or the race deal failed its check. It asks first.
 */
function StartOver(props: Props & { what: keyof typeof START_OVER }) {
  const [asking, setAsking] = createSignal(false);
  const errors = createErrorReporter();
  const words = () => START_OVER[props.what];
  const op = (): SetupOp => ({ ...START_OVER_OP[props.what], seat: props.seat });
  const allowed = () => !setupRefusal(props.state.setup, op(), openedIn(props.state.dice));
  const confirm = () => {
    const [game, seat, what] = [props.game, props.seat, props.what];
    void errors.runAsync(() => (what === 'draw' ? game.moveSigned(setupMoves.redraw, seat) : game.moveSigned(setupMoves.redeal, seat, what))).then((ok) => ok && setAsking(false));
  };
  return (
    <Show when={allowed() || asking()}>
      <button type="button" class="wide" onClick={() => setAsking(true)}>{words().button}</button>
      <Show when={asking()}>
        <Dialog title={words().button.replace('…', '?')} onClose={() => setAsking(false)}>
          <p>{words().text}</p>
          <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
          <div class="row">
            <button type="button" class="primary grow" onClick={confirm}>Start over</button>
            <button type="button" onClick={() => setAsking(false)}>Cancel</button>
          </div>
        </Dialog>
      </Show>
    </Show>
  );
}
