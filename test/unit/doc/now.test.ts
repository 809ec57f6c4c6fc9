import { describe, expect, it } from 'vitest';
import type { Game, GameSnapshot } from '../../../src/doc';
import { nowFor } from '../../../src/doc/round';
import type { CouncilSession } from '../../../src/doc/council';
import { newGame } from './fixtures';

const snap = (g: Game) => g.snapshot();
/** Ana s1, Ben s2, Cleo s3; three players pick two cards each, speaker Ana. */
function pickRound(g: Game, picks: [string, number][]): void {
  for (const [seat, card] of picks) g.round.pick(seat, card);
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

describe('the now bar: what the table waits on, from each phone', () => {
  it('strategy phase: the picker is asked for her pick, the others see whom the table waits on', () => {
    const g = newGame();
    expect(nowFor(snap(g), 's1')).toMatchObject({ kind: 'pick', mine: true, text: 'Your pick of a strategy card', tab: 'round' });
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'pick', mine: false, text: 'Waiting for Ana to pick', waiting: ['s1'] });
    g.round.pick('s1', 1);
    expect(nowFor(snap(g), 's2').mine).toBe(true);
    expect(nowFor(snap(g), undefined)).toMatchObject({ mine: false, text: 'Waiting for Ben to pick' });
  });

  it('a secondary ability offered to her comes before anything else she is asked, and the player who played it sees who has not answered', () => {
    const g = newGame();
    pickRound(g, FULL_PICKS);
    expect(nowFor(snap(g), 's1')).toMatchObject({ kind: 'turn', mine: true, text: 'Your turn: take an action' });
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: false, text: "Ana's turn" });
    g.round.strategic('s1', 1);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'secondary', mine: true, text: 'Follow Leadership (played by Ana)?', card: 1 });
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Leadership: Ben and Cleo to answer)');
    g.round.secondary('s2', 1, false);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: false });
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Leadership: Cleo to answer)');
    g.round.endTurn('s1');
    // Ben's turn now; Cleo still owes her answer to Leadership, and that is what her phone asks first.
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'turn', mine: true, text: 'Your turn: take an action' });
    expect(nowFor(snap(g), 's3')).toMatchObject({ kind: 'secondary', mine: true });
    g.round.secondary('s3', 1, true);
    expect(nowFor(snap(g), 's3')).toMatchObject({ kind: 'turn', mine: false, text: "Ben's turn" });
    // Her second card: the answers awaited are those of the card she has just played.
    g.round.strategic('s2', 2);
    g.round.endTurn('s2');
    g.round.strategic('s3', 3);
    g.round.endTurn('s3');
    for (const [seat, card] of [['s1', 2], ['s3', 2], ['s1', 3], ['s2', 3]] as const) g.round.secondary(seat, card, false);
    g.round.strategic('s1', 4);
    expect(nowFor(snap(g), 's1').text).toBe('Your turn: finish your strategic action (Production: Ben and Cleo to answer)');
  });

  it('status phase: each seat not done is asked for the step by name (a secondary left unanswered is no longer asked); a seat done sees whom the step waits on', () => {
    const g = newGame();
    pickRound(g, FULL_PICKS);
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) {
      g.round.strategic(seat, card);
      g.round.endTurn(seat);
    }
    for (const seat of ['s1', 's2', 's3']) g.round.pass(seat);
    expect(nowFor(snap(g), 's2')).toMatchObject({ kind: 'status', mine: true, text: 'Status step 1: Claim Objectives' });
    g.round.done('s2');
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
    g.setRound({ round: 1, phase: 'strategy', step: null });
    pickRound(g, FULL_PICKS);
    g.setRound({ round: 1, phase: 'strategy', step: null });
    expect(nowFor(snap(g), 's1').kind).not.toBe('pick');
    const s = snap(g);
    const won = { ...s, tracker: { ...s.tracker, victory: { winners: ['s2'], decidedBy: 'victory-points' as const, round: 1, index: 0, standings: [] } } };
    expect(nowFor(won, 's1')).toMatchObject({ kind: 'over', mine: false, text: 'Game over: Ben won' });
    // The winner's own phone speaks to her; a shared victory names the others (issue 35 item 7).
    expect(nowFor(won, 's2').text).toBe('Game over: you won');
    const shared = { ...won, tracker: { ...won.tracker, victory: { ...won.tracker.victory, winners: ['s1', 's2'] } } };
    expect(nowFor(shared, 's2').text).toBe('Game over: you won with Ana');
  });
});
