import { For, Show, createMemo, createSignal } from 'solid-js';
import type { JSX } from 'solid-js';
import { agreementsOf, awaitingApproval, awaitingHerApproval, cardHeldBy, CONTRACTS, contractUse, freeContracts, goodsToCollect, partnerOf } from '../../../doc/trade';
import type { Agreement, ContractIndex, Proposal } from '../../../doc/trade';
import * as tradeMoves from '../../../doc/trade/moves';
import type { GameSnapshot } from '../../../doc';
import { fail } from '../../../doc';
import { canBreakInStatusPhase } from '../../../rules/trade';
import { act } from '../../widgets/errors';
import type { PanelProps } from '../types';
import { BreakDialog, ContractsDialog, ProposeDialog } from './TradeDialogs';
import { TradeTable } from './TradeTable';
import { goods, seatName } from './words';


/**
 * Trade (001 "Trade Contracts and Trade Agreements"): her two contracts and what each is doing, the
 * proposals waiting for her answer or her partner's, her agreements with the goods on each card, and,
 * on her own phone, every control: propose, accept or decline, collect, break. The table's trade view
 * (every agreement) below, for everyone.
 */
export function TradePanel(props: PanelProps) {
  const [dialog, setDialog] = createSignal<'propose' | 'contracts'>();
  const [breaking, setBreaking] = createSignal<{ agreement: Agreement; mode: 'status' | 'hostile' }>();
  const name = (id: string) => seatName(props.state, id);
  // A proposal to herself is a self-trade waiting for the Trade holder's approval: hers to withdraw, nobody's to accept.
  const incoming = createMemo(() => props.state.trade.proposals.filter((p) => p.to === props.seat && p.from !== props.seat));
  const outgoing = createMemo(() => props.state.trade.proposals.filter((p) => p.from === props.seat));
  const mine = createMemo(() => agreementsOf(props.state, props.seat));
  const toCollect = () => goodsToCollect(props.state, props.seat);
  const her = () => (props.mine ? 'your' : `${name(props.seat)}'s`);
  const breakInStatus = (x: Agreement) => {
    const check = canBreakInStatusPhase(props.state.round);
    // Say why at once instead of opening a form that would be refused.
    if (!check.ok) return act(props, () => fail('not-allowed', check.reason));
    setBreaking({ agreement: x, mode: 'status' });
    return true;
  };
  return (
    <div class="stack">
      <section aria-labelledby="contracts-h">
        <h2 id="contracts-h">Trade contracts</h2>
        <ul class="list">
          <For each={CONTRACTS}>
            {(c) => (
              <li class="card row spread">
                <span>
                  <strong>Contract {c + 1}</strong> <span class="muted">· value</span> <strong data-contract-value={c}>{props.state.trade.contracts[props.seat]?.[c] ?? 0}</strong>
                </span>
                <span class="muted small">{useText(props.state, props.seat, c, props.mine)}</span>
              </li>
            )}
          </For>
        </ul>
        <Show when={props.mine}>
          <div class="row">
            <button type="button" class="primary grow" onClick={() => setDialog('propose')}>Open an agreement…</button>
            <button type="button" class="grow" onClick={() => setDialog('contracts')}>Correct values…</button>
          </div>
        </Show>
      </section>

      <Show when={props.mine && awaitingHerApproval(props.state, props.seat).length}>
        <Approvals {...props} />
      </Show>

      <Show when={incoming().length + outgoing().length > 0}>
        <section aria-labelledby="proposals-h">
          <h3 id="proposals-h">Proposals</h3>
          <ul class="list">
            <For each={incoming()}>{(p) => <Incoming {...props} proposal={p} />}</For>
            <For each={outgoing()}>
              {(p) => (
                <li class="card" aria-label={p.to === props.seat ? 'Self-trade waiting for approval' : `Proposal to ${name(p.to)}`}>
                  <Show
                    when={p.to !== props.seat}
                    fallback={
                      <p>
                        Self-trade of {her()} contract {p.contract + 1} (value {p.value}): {awaitingApproval(props.state, p) ? `waiting for ${name(awaitingApproval(props.state, p) ?? '')}'s approval (Trade).` : 'no Trade card needs approving it now: withdraw it and self-trade.'}
                      </p>
                    }
                  >
                    <p>
                      Waiting for <strong>{name(p.to)}</strong> to answer: {her()} contract {p.contract + 1} (value {p.value}) offered.
                    </p>
                    <ApprovalNote state={props.state} proposal={p} />
                  </Show>
                  <Show when={p.blocked}>{(why) => <p class="warn small">Cannot be accepted now: {why()}</p>}</Show>
                  <Show when={props.mine}>
                    <button type="button" aria-label={`Withdraw the proposal to ${name(p.to)}`} onClick={() => act(props, () => props.game.move(tradeMoves.withdraw, p.id))}>
                      Withdraw the proposal
                    </button>
                  </Show>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>

      <section aria-labelledby="agreements-h">
        <h3 id="agreements-h">{props.mine ? 'Your trade agreements' : `${name(props.seat)}'s trade agreements`}</h3>
        <Show when={mine().length} fallback={<p class="muted">No trade agreement open.</p>}>
          <ul class="list">
            <For each={mine()}>
              {(x) => (
                <AgreementCard state={props.state} agreement={x} seat={props.seat} mine={props.mine}>
                  <Show when={props.mine}>
                    <div class="row">
                      <button type="button" class="grow" aria-label={`Break in status step 8: ${x.a === x.b ? 'your self-trade' : `agreement with ${name(partnerOf(x, props.seat))}`}`} onClick={() => breakInStatus(x)}>
                        Break in status step 8
                      </button>
                      <Show when={x.a !== x.b}>
                        <button type="button" class="grow" aria-label={`Hostile act… (agreement with ${name(partnerOf(x, props.seat))})`} onClick={() => setBreaking({ agreement: x, mode: 'hostile' })}>
                          Hostile act…
                        </button>
                      </Show>
                    </div>
                  </Show>
                </AgreementCard>
              )}
            </For>
          </ul>
        </Show>
        <Show when={props.mine && mine().length}>
          <button type="button" class="primary wide" disabled={toCollect() === 0} onClick={() => act(props, () => props.game.move(tradeMoves.collect, props.seat))}>
            Collect {goods(toCollect())} from {her()} agreements
          </button>
        </Show>
      </section>

      <TradeTable {...props} />

      <Show when={dialog() === 'propose'}>
        <ProposeDialog {...props} onClose={() => setDialog(undefined)} />
      </Show>
      <Show when={dialog() === 'contracts'}>
        <ContractsDialog {...props} onClose={() => setDialog(undefined)} />
      </Show>
      <Show when={breaking()}>
        {(b) => <BreakDialog {...props} agreement={b().agreement} mode={b().mode} onClose={() => setBreaking(undefined)} />}
      </Show>
    </div>
  );
}

/** "Face down", "Held by Ben", "Self-traded", "Offered to Ben". */
function useText(s: GameSnapshot, seat: string, c: ContractIndex, mine: boolean): string {
  const use = contractUse(s, seat, c);
  switch (use.kind) {
    case 'free':
      return mine ? 'Face down in your area' : 'Face down';
    case 'held':
      return `Held by ${seatName(s, use.by)}`;
    case 'self':
      return 'Self-traded';
    case 'offered':
      return `Offered to ${seatName(s, use.to)}`;
  }
}

/** A proposal waiting for this seat's answer: on her phone, which contract she gives back, accept or decline. */
function Incoming(props: PanelProps & { proposal: Proposal }) {
  const free = () => freeContracts(props.state, props.seat);
  const [give, setGive] = createSignal<ContractIndex | undefined>();
  const chosen = () => {
    const g = give();
    return g !== undefined && free().includes(g) ? g : free()[0];
  };
  const from = () => seatName(props.state, props.proposal.from);
  const value = (c: ContractIndex) => props.state.trade.contracts[props.seat]?.[c] ?? 0;
  const accept = () => {
    const c = chosen();
    const [game, id] = [props.game, props.proposal.id];
    act(props, () => game.moveSigned(tradeMoves.accept, id, c ?? 0));
  };
  return (
    <li class="card" aria-label={`Proposal from ${from()}`}>
      <p>
        <strong>{from()}</strong> proposes a trade agreement, giving her contract {props.proposal.contract + 1} (value {props.proposal.value}).
      </p>
      <Show when={props.proposal.blocked}>{(why) => <p class="warn small">Cannot be accepted now: {why()}</p>}</Show>
      <ApprovalNote state={props.state} proposal={props.proposal} />
      <Show when={props.mine}>
        <Show when={free().length > 1} fallback={<Show when={chosen() !== undefined}><p class="small">You give back your contract {(chosen() ?? 0) + 1} (value {value(chosen() ?? 0)}).</p></Show>}>
          <label for={`give-${props.proposal.id}`}>Contract you give back</label>
          <select id={`give-${props.proposal.id}`} value={String(chosen() ?? 0)} onChange={(e) => setGive(Number(e.currentTarget.value) as ContractIndex)}>
            <For each={free()}>{(c) => <option value={String(c)}>Contract {c + 1} (value {value(c)})</option>}</For>
          </select>
        </Show>
        <div class="row">
          <button type="button" class="primary grow" aria-label={`Accept ${from()}'s proposal`} onClick={accept}>Accept</button>
          <button type="button" class="grow" aria-label={`Decline ${from()}'s proposal`} onClick={() => act(props, () => props.game.move(tradeMoves.decline, props.proposal.id))}>Decline</button>
        </div>
      </Show>
    </li>
  );
}

/** During the Trade card's primary: whether its holder has approved the proposal yet (003:1514). */
function ApprovalNote(props: { state: GameSnapshot; proposal: Proposal }) {
  const waiting = () => awaitingApproval(props.state, props.proposal);
  const given = () => props.proposal.approval?.round === props.state.round.round && props.proposal.approval.by;
  return (
    <Show when={waiting()} fallback={<Show when={given()}>{(by) => <p class="small">Approved by {seatName(props.state, by())} (Trade).</p>}</Show>}>
      {(by) => <p class="warn small">{seatName(props.state, by())} plays Trade: it needs {seatName(props.state, by())}'s approval before it can be accepted.</p>}
    </Show>
  );
}

/**
 * The Trade card's holder, during her Trade: "You must approve all new trade agreements" (003:1514; SA card 5: "then
 * players may open agreements you approve"). Each proposal (a self-trade included) waiting for her: Approve or Refuse.
 */
function Approvals(props: PanelProps) {
  const name = (id: string) => seatName(props.state, id);
  const what = (p: Proposal) => (p.from === p.to ? `${name(p.from)}'s self-trade` : `${name(p.from)}'s proposal to ${name(p.to)}`);
  return (
    <section aria-labelledby="approvals-h">
      <h3 id="approvals-h">Your approval (you play Trade)</h3>
      <ul class="list">
        <For each={awaitingHerApproval(props.state, props.seat)}>
          {(p) => (
            <li class="card" aria-label={`Approve or refuse ${what(p)}`}>
              <p>
                {p.from === p.to
                  ? `${name(p.from)} asks to self-trade contract ${p.contract + 1} (value ${p.value}).`
                  : `${name(p.from)} offers ${name(p.to)} contract ${p.contract + 1} (value ${p.value}).`}
              </p>
              <div class="row">
                <button type="button" class="primary grow" aria-label={`Approve ${what(p)}`} onClick={() => act(props, () => props.game.moveSigned(tradeMoves.approve, p.id))}>Approve</button>
                <button type="button" class="grow" aria-label={`Refuse ${what(p)}`} onClick={() => act(props, () => props.game.move(tradeMoves.veto, p.id))}>Refuse</button>
              </div>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

/** One agreement from `seat`'s side: the card she holds and the card her partner holds, with the goods on each. */
export function AgreementCard(props: { state: GameSnapshot; agreement: Agreement; seat: string; mine: boolean; children?: JSX.Element }) {
  const x = () => props.agreement;
  const partner = () => partnerOf(x(), props.seat);
  const name = (id: string) => seatName(props.state, id);
  const held = () => cardHeldBy(x(), props.seat);
  const given = () => (x().a === props.seat ? x().onB : x().onA);
  const self = () => x().a === x().b;
  const you = () => (props.mine ? 'You hold' : `${name(props.seat)} holds`);
  return (
    <li class="card trade-agreement" aria-label={self() ? 'Self-trade' : `Agreement with ${name(partner())}`}>
      <strong>{self() ? 'Self-trade' : `With ${name(partner())}`}</strong> <span class="muted small">· since round {x().round}</span>
      <dl class="trade-cards">
        <div>
          <dt>
            {you()} {self() ? 'your own' : `${name(partner())}'s`} contract {(held()?.contract ?? 0) + 1}, value {held()?.value ?? 0}
          </dt>
          <dd data-goods="held">{goods(held()?.goods ?? 0)} on it</dd>
        </div>
        <Show when={!self() && given()}>
          {(card) => (
            <div>
              <dt>
                {name(partner())} holds {props.mine ? 'your' : `${name(props.seat)}'s`} contract {card().contract + 1}, value {card().value}
              </dt>
              <dd data-goods="given">{goods(card().goods)} on it</dd>
            </div>
          )}
        </Show>
      </dl>
      {props.children}
    </li>
  );
}
