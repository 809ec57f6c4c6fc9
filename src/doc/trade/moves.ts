/**
 * Trade moves (001 "Trade Contracts and Trade Agreements", core/moves.ts): each is checked against the folded
 * ledger (fold.ts) and the rules (rules/trade.ts), and is one `trade` event, or a refusal naming why not.
 * `game.move(collect, …)` makes one; a proposal, an acceptance and an approval are signed (events.ts), so
 * `game.moveSigned(propose, …)` makes those.
 *
 * Consent happens on each player's own phone: a proposal is written by the proposer's phone, the
 * acceptance (or refusal) by the phone that holds the other seat, so both are moves that check this
 * phone's claim on the seat (`by.device`). Breaking an agreement is a side's own decision too. During the
 * Trade card's primary its holder approves new agreements on her phone (`approve`, `veto`); the Hacan's need
 * no approval. A new proposal's or self-trade's id is this phone's device and four of the move's nonce; the
 * caller that needs it reads it back from the game (`proposalBetween`, views.ts).
 */
import { approvalRefusal, canBreakInStatusPhase, canBreakVoluntarily, canOpenAgreement, canUseTradeOptionB } from '../../rules/trade';
import { fail } from '../core/errors';
import type { Move, Mover } from '../core/moves';
import { playersIn, stillIn } from '../core/players';
import type { EventBody, GameSnapshot } from '../core/types';
import type { ContractIndex, TradeOp } from './events';
import type { Agreement, Proposal } from './state';
import { approvalNeeded, awaitingApproval, contractUse, goodsToCollect, tradeHolder } from './views';

/** The id of a proposal or self-trade this move opens: `device-xxxx`. */
const newId = (by: Mover): string => `${by.device}-${by.nonce.slice(0, 4)}`;

const trade = (op: TradeOp): EventBody[] => [{ k: 'trade', ...op }];

function name(s: GameSnapshot, seat: string): string {
  return s.seats.find((x) => x.id === seat)?.name ?? fail('unknown-seat', `There is no seat "${seat}" in this game.`);
}

/** Only the phone that holds a seat decides for it. */
function mine(s: GameSnapshot, by: Mover, seat: string, doing: string): void {
  const who = name(s, seat);
  if (s.claims[seat] !== by.device) fail('not-allowed', `Only the phone that holds ${who}'s seat can ${doing}.`);
}

function contractOf(c: unknown): ContractIndex {
  if (c !== 0 && c !== 1) fail('invalid-input', 'Choose trade contract 1 or 2.');
  return c;
}

/** Her contract `c` must lie face down and not be offered elsewhere. */
function free(s: GameSnapshot, seat: string, c: ContractIndex): void {
  const use = contractUse(s, seat, c);
  const hers = `${name(s, seat)}'s trade contract ${c + 1}`;
  if (use.kind === 'held') fail('not-allowed', `${hers} is already held by ${name(s, use.by)} in a trade agreement.`);
  if (use.kind === 'self') fail('not-allowed', `${hers} is already self-traded.`);
  if (use.kind === 'offered') fail('not-allowed', `${hers} is already offered to ${name(s, use.to)}: withdraw that proposal first, or choose the other contract.`);
}

function canOpen(s: GameSnapshot, a: string, b: string): void {
  // 001 "Elimination" 2 (and "Surrender" 7): no agreement opens with a player out of the game.
  const gone = [a, b].find((seat) => !stillIn(s, seat));
  if (gone) fail('not-allowed', `${name(s, gone)} is out of the game: no trade agreement with ${name(s, gone)} may be opened.`);
  const check = canOpenAgreement({ a, b, open: s.trade.agreements, playerCount: playersIn(s) });
  if (!check.ok) fail('not-allowed', check.reason);
}

function pending(s: GameSnapshot, id: string): Proposal {
  const p = s.trade.proposals.find((x) => x.id === id);
  if (!p) fail('invalid-input', 'This trade proposal is no longer waiting for an answer (it was accepted, declined or withdrawn).');
  return p;
}

function agreement(s: GameSnapshot, id: string): Agreement {
  return s.trade.agreements.find((x) => x.id === id) ?? fail('invalid-input', 'This trade agreement is no longer open.');
}

/** The seat that plays Trade now, held by this phone: only she approves or refuses new agreements. */
function approver(s: GameSnapshot, by: Mover): string {
  const holder = tradeHolder(s);
  if (!holder) fail('not-allowed', 'No Trade card is being played: nobody approves new trade agreements now.');
  if (s.claims[holder] !== by.device) fail('not-allowed', `Only ${name(s, holder)}, who plays Trade, approves new trade agreements now.`);
  return holder;
}

/**
 * Self-trades her contract `contract` (001 "Self-Trading"), where the player count allows it (001
 * "Rule Adjustments Based On The Number Of Players"): refused with the reason otherwise.
 */
export const selfTrade: Move<[seat: string, contract: ContractIndex]> = (s, by, seat, contract) => {
  mine(s, by, seat, 'self-trade these contracts');
  // During another player's Trade it waits for her approval: `propose` it to herself.
  const need = approvalNeeded(s, seat, seat);
  if (need) fail('not-allowed', approvalRefusal(name(s, need)));
  canOpen(s, seat, seat);
  free(s, seat, contractOf(contract));
  return trade({ op: 'self', id: newId(by), seat, contract });
};

/**
 * `from` offers `to` her contract `contract` (001 "Opening Trade Agreements"); `to` answers on her own
 * phone. With `to === from` this is a self-trade, which needs no answer; during another player's Trade it waits
 * for her approval, which opens it (003:1514). Signed (`moveSigned`).
 */
export const propose: Move<[from: string, to: string, contract: ContractIndex]> = (s, by, from, to, contract) => {
  if (from === to && !approvalNeeded(s, from, from)) return selfTrade(s, by, from, contract);
  if (from === to) {
    mine(s, by, from, 'self-trade these contracts');
    canOpen(s, from, from);
    free(s, from, contractOf(contract));
    return trade({ op: 'propose', id: newId(by), from, to, contract });
  }
  mine(s, by, from, 'propose a trade agreement for that seat');
  name(s, to);
  free(s, from, contractOf(contract));
  canOpen(s, from, to);
  const waiting = s.trade.proposals.find((p) => (p.from === from && p.to === to) || (p.from === to && p.to === from));
  if (waiting?.from === to) fail('not-allowed', `${name(s, to)} has already proposed an agreement to ${name(s, from)}: accept or decline hers.`);
  if (waiting) fail('not-allowed', `${name(s, from)} has already proposed an agreement to ${name(s, to)}: withdraw it first to offer another contract.`);
  return trade({ op: 'propose', id: newId(by), from, to, contract });
};

/** The recipient accepts, giving her contract `contract`: each now holds the other's contract. Signed (`moveSigned`). */
export const accept: Move<[id: string, contract: ContractIndex]> = (s, by, id, contract) => {
  const p = pending(s, id);
  mine(s, by, p.to, `accept ${name(s, p.from)}'s proposal`);
  // A phone that changed player may hold both seats: consent still takes two phones.
  if (s.log.find((e) => e.index === p.index)?.dev === by.device) {
    fail('not-allowed', `This phone made the proposal: ${name(s, p.to)} accepts it on ${name(s, p.to)}'s own phone.`);
  }
  const need = awaitingApproval(s, p);
  if (need) fail('not-allowed', approvalRefusal(name(s, need)));
  free(s, p.to, contractOf(contract));
  if (p.blocked) fail('not-allowed', p.blocked);
  canOpen(s, p.from, p.to);
  return trade({ op: 'accept', id, contract });
};

/**
 * The Trade card's holder approves a waiting proposal during her Trade (003:1514 "You must approve all new trade
 * agreements"): its recipient may then accept it; a self-trade opens at once. Signed (`moveSigned`).
 */
export const approve: Move<[id: string]> = (s, by, id) => {
  const p = pending(s, id);
  const holder = approver(s, by);
  if (!approvalNeeded(s, p.from, p.to)) fail('invalid-input', 'This proposal needs nobody\'s approval.');
  return trade({ op: 'approve', id: p.id, by: holder });
};

/** The Trade card's holder refuses a waiting proposal during her Trade: it is closed. */
export const veto: Move<[id: string]> = (s, by, id) => {
  const p = pending(s, id);
  const holder = approver(s, by);
  return trade({ op: 'veto', id: p.id, by: holder });
};

export const decline: Move<[id: string]> = (s, by, id) => {
  const p = pending(s, id);
  mine(s, by, p.to, `decline ${name(s, p.from)}'s proposal`);
  return trade({ op: 'decline', id });
};

export const withdraw: Move<[id: string]> = (s, by, id) => {
  const p = pending(s, id);
  mine(s, by, p.from, 'withdraw this proposal');
  return trade({ op: 'withdraw', id });
};

/** "Place trade goods on active trade agreements": each card receives its value. `seat` played the effect. */
export const placeGoods: Move<[seat: string]> = (s, _by, seat) => {
  name(s, seat);
  if (!s.trade.agreements.length) fail('invalid-input', 'There is no active trade agreement to place trade goods on.');
  return trade({ op: 'place', by: seat });
};

/** She collects what lies on the cards she holds into her trade goods. */
export const collect: Move<[seat: string]> = (s, _by, seat) => {
  name(s, seat);
  if (goodsToCollect(s, seat) === 0) fail('invalid-input', `No trade goods lie on ${name(s, seat)}'s trade agreements.`);
  return trade({ op: 'collect', seat });
};

/** One side (`seat`) breaks it in step 8 of the status phase: each collects half of her pile, rounded down. */
export const breakInStatusPhase: Move<[id: string, seat: string]> = (s, by, id, seat) => {
  const x = agreement(s, id);
  if (seat !== x.a && seat !== x.b) fail('not-allowed', `${name(s, seat)} is not part of this trade agreement.`);
  mine(s, by, seat, 'break this trade agreement');
  const check = canBreakInStatusPhase(s.round);
  if (!check.ok) fail('not-allowed', check.reason);
  const partner = seat === x.a ? x.b : x.a;
  const voluntary = partner === seat ? { ok: true as const } : canBreakVoluntarily(s.seats.find((y) => y.id === partner)?.race, name(s, partner));
  if (!voluntary.ok) fail('not-allowed', voluntary.reason);
  return trade({ op: 'break', id, by: seat, why: 'status' });
};

/**
 * Either side (`seat`) declares that `aggressor` performed a hostile act against the other: the agreement
 * breaks, the aggressor collects nothing (her pile is discarded), the victim collects all of hers.
 */
export const breakAfterHostileAct: Move<[id: string, seat: string, aggressor: string]> = (s, by, id, seat, aggressor) => {
  const x = agreement(s, id);
  if (x.a === x.b) fail('invalid-input', 'A self-trade is not broken by a hostile act.');
  if (seat !== x.a && seat !== x.b) fail('not-allowed', `${name(s, seat)} is not part of this trade agreement.`);
  if (aggressor !== x.a && aggressor !== x.b) fail('invalid-input', 'The hostile act was performed by one of the two partners.');
  mine(s, by, seat, 'declare a hostile act on this trade agreement');
  return trade({ op: 'break', id, by: seat, why: 'hostile', aggressor });
};

/** Trade strategy card option b: every agreement breaks (each side collects half); not with 2 players. `seat` plays it. */
export const breakAll: Move<[seat: string]> = (s, _by, seat) => {
  name(s, seat);
  const check = canUseTradeOptionB(playersIn(s));
  if (!check.ok) fail('not-allowed', check.reason);
  if (!s.trade.agreements.length) fail('invalid-input', 'There is no trade agreement to break.');
  return trade({ op: 'breakAll', by: seat });
};

/** Corrects the values printed on her two contracts (the race table may be wrong); open cards follow. */
export const correctContracts: Move<[seat: string, values: [number, number]]> = (s, _by, seat, values) => {
  name(s, seat);
  for (const v of values) {
    if (!Number.isSafeInteger(v) || v < 0 || v > 9) fail('invalid-input', 'Trade contract values are whole numbers from 0 to 9.');
  }
  const now = s.trade.contracts[seat];
  if (now && now[0] === values[0] && now[1] === values[1]) fail('invalid-input', `Those are already ${name(s, seat)}'s trade contract values.`);
  return trade({ op: 'contracts', seat, values: [values[0], values[1]] });
};
