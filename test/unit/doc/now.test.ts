import { describe, expect, it } from 'vitest';
import type { Game, GameSnapshot } from '../../../src/doc';
import { nowFor } from '../../../src/doc/round';
import type { CouncilSession, PlacedAgenda } from '../../../src/doc/council';
import { newGame } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';

const snap = (g: Game) => g.snapshot();
/** Ana s1, Ben s2, Cleo s3; three players pick two cards each, speaker Ana. */
function pickRound(g: Game, picks: [string, number][]): void {
  for (const [seat, card] of picks) g.makeMove(roundMoves.pick, seat, card);
}
const FULL_PICKS: [string, number][] = [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]];

/** A vote under way, as the council fold would hold it (the council's own tests cover how it gets there). */
function withVote(s: GameSnapshot, locked: string[]): GameSnapshot {
  const session: CouncilSession = {
    id: 'v1', round: s.round.round, active: 's1', agendas: ['1:s1'], voc: [], eligible: ['s1', 's2', 's3'], dice: {},
    locked: Object.fromEntries(locked.map((id) => [id, 'commitment'])), relocked: {}, limits: {}, ballots: {}, refused: {}, tampered: [],
    closed: false, abstained: [], ties: {}, results: null, answeredAt: 0, closingAt: null,
  };
  return { ...s, council: { ...s.council, sessions: [session] } };
}

/** Agendas placed (face down, or revealed with a card), as the council fold would hold them. */
function withAgendas(s: GameSnapshot, placed: { seat: string; round?: number; revealed?: boolean }[]): GameSnapshot {
  const agendas: PlacedAgenda[] = placed.map(({ seat, round = s.round.round, revealed = false }) => ({
    key: `${round}:${seat}`, round, seat, source: 'hand', card: revealed ? 'Checks and Balances' : null, revealed, returned: false,
  }));
  return { ...s, council: { ...s.council, agendas: [...s.council.agendas, ...agendas] } };
}

describe('the now bar: what the table waits on, from each phone', () => {
  it('strategy phase: the picker is asked for her pick, the others see whom the table waits on', () => {
    const g = newGame();
    expect(nowFor(snap(g), 's1')).toMatchObject({ kind: 'pick', mine: true, text: 'Your pick of a strategy card', tab: 'round' });
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'pick', mine: false, text: 'Waiting for Ana to pick', waiting: ['s1'] });
    g.makeMove(roundMoves.pick, 's1', 1);
    expect(nowFor(snap(g), 's2').mine).toBe(true);
    expect(nowFor(snap(g), undefined)).toMatchObject({ mine: false, text: 'Waiting for Ben to pick' });
  });

  it('a secondary ability offered to her comes before anything else she is asked, and the player who played it sees who has not answered', () => {
    const g = newGame();
    pickRound(g, FULL_PICKS);
    expect(nowFor(snap(g), 's1')).toMatchObject({ kind: 'turn', mine: true, text: 'Your turn: take an action' });
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: false, text: "Ana's turn" });
    g.makeMove(roundMoves.strategic, 's1', 1);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'secondary', mine: true, text: 'Follow Leadership (played by Ana)?', card: 1 });
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Leadership: Ben and Cleo to answer)');
    g.makeMove(roundMoves.secondary, 's2', 1, false);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: false });
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Leadership: Cleo to answer)');
    g.makeMove(roundMoves.endTurn, 's1');
    // Ben's turn now; Cleo still owes her answer to Leadership, and that is what her phone asks first.
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: true, text: 'Your turn: take an action' });
    expect(nowFor(snap(g), 's3')).toMatchObject({ kind: 'secondary', mine: true });
    g.makeMove(roundMoves.secondary, 's3', 1, true);
    expect(nowFor(snap(g), 's3')).toMatchObject({ kind: 'turn', mine: false, text: "Ben's turn" });
    // Her second card: the answers awaited are those of the card she has just played.
    g.makeMove(roundMoves.strategic, 's2', 2);
    g.makeMove(roundMoves.endTurn, 's2');
    g.makeMove(roundMoves.strategic, 's3', 3);
    g.makeMove(roundMoves.endTurn, 's3');
    for (const [seat, card] of [['s1', 2], ['s3', 2], ['s1', 3], ['s2', 3]] as const) g.makeMove(roundMoves.secondary, seat, card, false);
    g.makeMove(roundMoves.strategic, 's1', 4);
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Production: Ben and Cleo to answer)');
  });

  it('status phase: each seat not done is asked for the step by name (a secondary left unanswered is no longer asked); a seat done sees whom the step waits on', () => {
    const g = newGame();
    pickRound(g, FULL_PICKS);
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    for (const seat of ['s1', 's2', 's3']) g.makeMove(roundMoves.pass, seat);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'status', mine: true, text: 'Status step 1: Claim Objectives' });
    g.makeMove(roundMoves.done, 's2');
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'status', mine: false, text: 'Step 1: waiting for Ana and Cleo' });
  });

  it('a vote under way: an eligible seat that has not locked in is asked for its ballot, even during her pick; the others see whom the council waits on', () => {
    const g = newGame();
    expect(nowFor(withVote(snap(g), []), 's1')).toMatchObject({ kind: 'ballot', mine: true, text: 'Lock in your ballot', tab: 'council' });
    expect(nowFor(withVote(snap(g), ['s1', 's3']), 's1')).toMatchObject({ kind: 'ballot', mine: false, text: 'Council: waiting on Ben', tab: 'council' });
    expect(nowFor(withVote(snap(g), ['s1', 's2', 's3']), 's1')).toMatchObject({ kind: 'pick', mine: true });
  });

  it('nothing awaited: says so, and a won game says who won', () => {
    const g = newGame();
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'strategy', step: null });
    pickRound(g, FULL_PICKS);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'strategy', step: null });
    expect(nowFor(snap(g), 's1').kind).not.toBe('pick');
    const s = snap(g);
    const won = { ...s, tracker: { ...s.tracker, victory: { winners: ['s2'], decidedBy: 'victory-points' as const, round: 1, index: 0, standings: [] } } };
    expect(nowFor(won, 's1')).toMatchObject({ kind: 'over', mine: false, text: 'Game over: Ben won' });
    // The winner's own phone speaks to her; a shared victory names the others (issue 35 item 7).
    expect(nowFor(won, 's2').text).toBe('Game over: you won');
    const shared = { ...won, tracker: { ...won.tracker, victory: { ...won.tracker.victory, winners: ['s1', 's2'] } } };
    expect(nowFor(shared, 's2').text).toBe('Game over: you won with Ana');
  });

  describe('the council in the now bar (issue 35 item 4)', () => {
    it('001 Agenda: once the table places agendas on the phones, a player still owing hers this round is asked to place it, before her pick', () => {
      const g = newGame();
      // Nobody has placed one in this game: the app cannot tell the table plays the council here, and asks nothing.
      expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'pick', mine: false });
      const one = withAgendas(snap(g), [{ seat: 's2' }]);
      expect(nowFor(one, 's1')).toMatchObject({ kind: 'agenda', mine: true, text: 'Your agenda for round 1, face down', tab: 'council', waiting: ['s1'] });
      expect(nowFor(one, 's3')).toMatchObject({ kind: 'agenda', mine: true });
      // Hers is placed: the round goes on for her (Ben sees whose pick it is).
      expect(nowFor(one, 's2')).toMatchObject({ kind: 'pick', mine: false, text: 'Waiting for Ana to pick' });
      expect(nowFor(withAgendas(one, [{ seat: 's1' }]), 's1')).toMatchObject({ kind: 'pick', mine: true });
      // A phone that holds no seat is asked for nothing.
      expect(nowFor(one, undefined)).toMatchObject({ kind: 'pick', mine: false });
    });

    it('001 Agenda: a table that placed agendas in an earlier round is asked again each strategy phase, and only then', () => {
      const g = newGame();
      g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
      const earlier = withAgendas(snap(g), [{ seat: 's1', round: 1, revealed: true }]);
      expect(nowFor(earlier, 's1')).toMatchObject({ kind: 'agenda', text: 'Your agenda for round 2, face down' });
      g.makeMove(roundMoves.setRound, { round: 2, phase: 'action', step: null });
      expect(nowFor(withAgendas(snap(g), [{ seat: 's1', round: 1, revealed: true }]), 's1').kind).not.toBe('agenda');
    });

    it('001 Elimination: a player out of the game places no agenda and is not asked for one', () => {
      const g = newGame();
      const s = withAgendas(snap(g), [{ seat: 's1' }]);
      const out = { ...s, tracker: { ...s.tracker, out: ['s3'] } };
      expect(nowFor(out, 's3').kind).not.toBe('agenda');
    });

    it('a ballot to lock in comes before her agenda', () => {
      const g = newGame();
      expect(nowFor(withVote(withAgendas(snap(g), [{ seat: 's2' }]), []), 's1')).toMatchObject({ kind: 'ballot', mine: true });
    });

    it('001 Twilight Council: the player who played Assembly is asked to start the vote, before ending her turn; no one else is', () => {
      const g = newGame();
      // Cleo holds Assembly (3); Ana and Ben act first.
      pickRound(g, FULL_PICKS);
      const revealed = (x: GameSnapshot) => withAgendas(x, ['s1', 's2', 's3'].map((seat) => ({ seat, revealed: true })));
      for (const [seat, card] of [['s1', 1], ['s2', 2]] as const) {
        g.makeMove(roundMoves.strategic, seat, card);
        g.makeMove(roundMoves.endTurn, seat);
      }
      for (const [seat, card] of [['s2', 1], ['s3', 1], ['s1', 2], ['s3', 2]] as const) g.makeMove(roundMoves.secondary, seat, card, false);
      // Her turn, Assembly not played yet: she is asked for her action.
      expect(nowFor(revealed(snap(g)), 's3')).toMatchObject({ kind: 'turn', mine: true });
      g.makeMove(roundMoves.strategic, 's3', 3);
      expect(nowFor(revealed(snap(g)), 's3')).toMatchObject({ kind: 'call', mine: true, text: 'You played Assembly: choose the agendas to vote on', tab: 'council' });
      expect(nowFor(revealed(snap(g)), 's1')).toMatchObject({ kind: 'secondary', card: 3 });
      // Without agendas revealed on the phones there is nothing to put to the vote here.
      expect(nowFor(snap(g), 's3').kind).toBe('turn');
      // Ended her turn without it: still hers to do while the action phase lasts.
      g.makeMove(roundMoves.endTurn, 's3');
      expect(nowFor(revealed(snap(g)), 's3')).toMatchObject({ kind: 'call', mine: true });
      // The vote started: her ballot is what she is asked for next.
      expect(nowFor(withVote(revealed(snap(g)), []), 's3')).toMatchObject({ kind: 'ballot', mine: true });
      // A vote of this round over: not asked again.
      const closed = withVote(revealed(snap(g)), ['s1', 's2', 's3']);
      expect(nowFor(closed, 's3').kind).not.toBe('call');
    });

    it('001 "5 players": Assembly played by no player has no primary, so nobody is asked to start a vote', () => {
      const g = newGame();
      pickRound(g, FULL_PICKS);
      const s = withAgendas(snap(g), ['s1', 's2', 's3'].map((seat) => ({ seat, revealed: true })));
      const cards = s.tracker.cards.map((c) => (c.initiative === 3 ? { ...c, holder: null, nobody: true, played: true } : c));
      const nobody = { ...s, tracker: { ...s.tracker, cards } };
      for (const seat of ['s1', 's2', 's3']) expect(nowFor(nobody, seat).kind).not.toBe('call');
    });
  });
});
