import { For, Show, createSignal } from 'solid-js';
import { playersIn, raceOf, seatsIn } from '../../../doc';
import { approvalNeeded, freeContracts, partnerOf } from '../../../doc/trade';
import type { Agreement, ContractIndex } from '../../../doc/trade';
import * as tradeMoves from '../../../doc/trade/moves';
import { raceEffects } from '../../../rules/raceAbilities';
import { selfTradeAllowed, settleBrokenAgreement } from '../../../rules/trade';
import { Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';
import type { PanelProps } from '../types';
import { goods, seatName } from './words';

type DialogProps = PanelProps & { onClose: () => void };

/**
 * "Open an agreement": with whom (or herself), and which of her face-down contracts she gives; the partner answers on
 * her own phone. During another player's Trade its holder approves it first; the Hacan's need no approval (003
 * Appendix 2: the Trade holder's, 003:712), and the dialog says so.
 */
export function ProposeDialog(props: DialogProps) {
  const errors = createErrorReporter();
  // Players out of the game open no agreement (001 "Elimination" 2).
  const others = () => seatsIn(props.state.seats, props.state.tracker.out).filter((s) => s.id !== props.seat);
  // A form: starts with the first other seat and writes nothing until "Propose".
  // eslint-disable-next-line solid/reactivity
  const [to, setTo] = createSignal(others()[0]?.id ?? props.seat);
  const free = () => freeContracts(props.state, props.seat);
  const [contract, setContract] = createSignal<ContractIndex | undefined>();
  const chosen = () => {
    const c = contract();
    return c !== undefined && free().includes(c) ? c : (free()[0] ?? 0);
  };
  const value = (c: ContractIndex, seat = props.seat) => props.state.trade.contracts[seat]?.[c] ?? 0;
  const self = () => to() === props.seat;
  // During another player's Trade every new agreement needs her approval (003:1514), a self-trade too.
  const approver = () => approvalNeeded(props.state, props.seat, to());
  const hacan = () => raceEffects(raceOf(props.state, props.seat)?.id).tradesWithoutApproval;
  const selfRule = () => {
    const n = playersIn(props.state);
    const allowed = selfTradeAllowed(n);
    return allowed === 0 ? `Self-trading is not allowed with ${n} players.` : `With ${n} players you may self-trade ${allowed === 1 ? 'one contract' : 'both contracts'}.`;
  };
  const submit = () => {
    const [game, from, target, c, close] = [props.game, props.seat, to(), chosen(), props.onClose];
    void errors.runAsync(() => game.moveSigned(tradeMoves.propose, from, target, c)).then((ok) => ok && close());
  };
  return (
    <Dialog title="Open a trade agreement" onClose={props.onClose}>
      <label for="propose-to">With</label>
      <select id="propose-to" value={to()} onChange={(e) => setTo(e.currentTarget.value)}>
        <For each={others()}>{(s) => <option value={s.id}>{s.name}</option>}</For>
        <option value={props.seat}>Yourself (self-trade)</option>
      </select>
      <Show when={free().length} fallback={<p class="warn">Both of your contracts are in use or offered.</p>}>
        <label for="propose-contract">{self() ? 'Contract to self-trade' : 'Contract you give'}</label>
        <select id="propose-contract" value={String(chosen())} onChange={(e) => setContract(Number(e.currentTarget.value) as ContractIndex)}>
          <For each={free()}>{(c) => <option value={String(c)}>Contract {c + 1} (value {value(c)})</option>}</For>
        </select>
      </Show>
      <p class="muted small">
        {self()
          ? approver()
            ? `${selfRule()} ${seatName(props.state, approver() ?? '')} plays Trade: your self-trade opens when ${seatName(props.state, approver() ?? '')} approves it.`
            : `${selfRule()} A self-traded contract is an agreement with yourself: it opens at once.`
          : `${seatName(props.state, to())} answers on ${seatName(props.state, to())}'s own phone, choosing which contract to give you.${approver() ? ` ${seatName(props.state, approver() ?? '')} plays Trade: ${seatName(props.state, approver() ?? '')} approves it first.` : ''}${hacan() ? " You need no approval from the Trade card's holder (a race ability)." : ''}`}
      </p>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={() => submit()}>{self() ? 'Self-trade' : 'Propose'}</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}

/** Corrects the values printed on her two contracts (the race table may be wrong). */
export function ContractsDialog(props: DialogProps) {
  const errors = createErrorReporter();
  // A form: starts from the current values and writes nothing until "Save".
  // eslint-disable-next-line solid/reactivity
  const [values, setValues] = createSignal<[number, number]>([...(props.state.trade.contracts[props.seat] ?? [0, 0])]);
  const save = () => {
    const [game, seat, v] = [props.game, props.seat, values()];
    if (errors.run(() => game.move(tradeMoves.correctContracts, seat, v))) props.onClose();
  };
  return (
    <Dialog title="Trade contract values" onClose={props.onClose}>
      <p class="muted small">The values printed on your two contract cards. Open agreements use the corrected value from now on.</p>
      <Stepper label="Contract 1 value" unit="point" value={values()[0]} max={9} onChange={(n) => setValues([n, values()[1]])} />
      <Stepper label="Contract 2 value" unit="point" value={values()[1]} max={9} onChange={(n) => setValues([values()[0], n])} />
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={save}>Save values</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}

/**
 * Breaking one agreement, with what each side will collect (001 "Breaking Trade Agreements"): in status
 * step 8 each collects half of her pile; after a hostile act (she says who performed it) the victim
 * collects all of hers and the aggressor's pile is discarded.
 */
export function BreakDialog(props: DialogProps & { agreement: Agreement; mode: 'status' | 'hostile' }) {
  const errors = createErrorReporter();
  const x = () => props.agreement;
  const partner = () => partnerOf(x(), props.seat);
  // eslint-disable-next-line solid/reactivity
  const [aggressor, setAggressor] = createSignal(partnerOf(props.agreement, props.seat));
  const name = (id: string) => (id === props.seat ? 'You' : seatName(props.state, id));
  const settlement = () => {
    const self = x().a === x().b;
    const hostile = props.mode === 'hostile' ? { aggressor: aggressor() === x().a ? ('A' as const) : ('B' as const) } : undefined;
    const bonus = (seat: string) => raceEffects(raceOf(props.state, seat)?.id).goodsPerAgreementCollected;
    return settleBrokenAgreement({ goodsOnA: x().onA.goods, goodsOnB: self ? 0 : (x().onB?.goods ?? 0), hostile, bonusA: bonus(x().a), bonusB: bonus(x().b) });
  };
  const confirm = () => {
    const [game, id, seat, who, mode] = [props.game, x().id, props.seat, aggressor(), props.mode];
    const done = errors.run(() => (mode === 'hostile' ? game.move(tradeMoves.breakAfterHostileAct, id, seat, who) : game.move(tradeMoves.breakInStatusPhase, id, seat)));
    if (done) props.onClose();
  };
  const title = () => (x().a === x().b ? 'Break your self-trade' : `Break the agreement with ${seatName(props.state, partner())}`);
  return (
    <Dialog title={title()} onClose={props.onClose}>
      <Show when={props.mode === 'hostile'} fallback={<p class="muted small">Status phase step 8: each side collects half (rounded down) of the goods on the card it holds.</p>}>
        <fieldset>
          <legend>Who performed the hostile act?</legend>
          <For each={[partner(), props.seat]}>
            {(id) => (
              <label class="check">
                <input type="radio" name="aggressor" value={id} checked={aggressor() === id} onChange={() => setAggressor(id)} /> {id === props.seat ? 'You' : seatName(props.state, id)}
              </label>
            )}
          </For>
        </fieldset>
        <p class="muted small">The aggressor collects nothing (her goods are discarded); the victim collects all the goods on her card.</p>
      </Show>
      <ul class="trade-lines" aria-label="Settlement">
        <li>{name(x().a)} collect{x().a === props.seat ? '' : 's'} {goods(settlement().collectA)}</li>
        <Show when={x().a !== x().b}>
          <li>{name(x().b)} collect{x().b === props.seat ? '' : 's'} {goods(settlement().collectB)}</li>
        </Show>
        <li>{goods(settlement().discarded)} discarded; the contracts go back to their owners</li>
      </ul>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={confirm}>Break the agreement</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
