// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/doc';
import { listGames } from '../../src/sync/library';
import { openSession } from '../../src/runtime/session';
import { saveSettings } from '../../src/sync/settings';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { NewGame } from '../../src/ui/shell/NewGame';
import { connectedPhones, merge, newGame, replicaOf, threeSeats, proposeNow } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';
import * as tradeMoves from '../../src/doc/trade/moves';
import * as roundMoves from '../../src/doc/round/moves';

// The tabs' panels are one lazy chunk in the app; loaded here first, each tab renders at once.
beforeAll(() => preloadPanels());

const disposers: (() => void)[] = [];
beforeAll(() => saveSettings({ signaling: [], iceServers: [] }));
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  document.body.innerHTML = '';
  location.hash = '';
});

/** One phone's screen: its own root, its own document, the seat it holds, on the Trade tab. */
function phone(game: Game, seat: string) {
  game.claimSeat(seat);
  const { root, dispose } = mountPlayerScreen(game, seat);
  disposers.push(dispose);
  const on = within(root);
  fireEvent.click(on.getByRole('tab', { name: 'Trade' }));
  const click = (name: string | RegExp) => fireEvent.click(on.getByRole('button', { name }));
  return { game, root, on, click };
}

// Ben plays the Letnev with the Hacan's contract values (3 and 3): the Hacan's trade abilities change
// collecting and breaking (their tests are in test/unit/doc/trade.test.ts).
const noHacan = { ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'hacan' ? { ...x, race: 'letnev', tradeContracts: [3, 3] as [number, number] } : x)) };

/** Ana's phone and Ben's phone, each with its own copy of the game; `sync` exchanges their changes. */
function twoPhones() {
  const anaGame = newGame(noHacan);
  const benGame = replicaOf(anaGame, 'dev2');
  const ana = phone(anaGame, 's1');
  const ben = phone(benGame, 's2');
  const sync = () => merge(anaGame, benGame);
  sync();
  return { ana, ben, sync };
}

const goodsText = (root: HTMLElement, which: 'held' | 'given') => root.querySelector(`[data-goods="${which}"]`)?.textContent;

describe("the Trade card's holder approves new agreements on her phone (003:1514 \"You must approve all new trade agreements\"; SA card 5: \"then players may open agreements you approve\")", () => {
  it("during Ben's Trade, Ana's proposal to Cleo waits for his approval: Cleo's Accept is refused until Ben taps Approve on his Trade tab, then it opens", async () => {
    const games = connectedPhones();
    const [anaGame, benGame, cleoGame] = games;
    // Ana holds 1 and 3, Cleo 2 and 6, Ben (Hacan) 4 and 5: Ana and Cleo have taken their turns, Ben plays Trade.
    for (const [seat, card] of [['s1', 1], ['s2', 5], ['s3', 2], ['s1', 3], ['s2', 4], ['s3', 6]] as const) anaGame.makeMove(roundMoves.pick, seat, card);
    for (const seat of ['s1', 's3']) {
      anaGame.makeMove(roundMoves.tactical, seat);
      anaGame.makeMove(roundMoves.endTurn, seat);
    }
    anaGame.makeMove(roundMoves.strategic, 's2', 5);
    const [ana, ben, cleo] = [phone(anaGame, 's1'), phone(benGame, 's2'), phone(cleoGame, 's3')];

    ana.click('Open an agreement…');
    const dialog = within(ana.on.getByRole('dialog', { name: 'Open a trade agreement' }));
    fireEvent.change(dialog.getByLabelText('With'), { target: { value: 's3' } });
    expect(dialog.getByText(/Ben plays Trade: Ben approves it first\.$/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(ana.on.queryByRole('dialog')).toBeNull());

    const offer = () => within(cleo.on.getByRole('listitem', { name: 'Proposal from Ana' }));
    expect(offer().getByText("Ben plays Trade: it needs Ben's approval before it can be accepted.")).toBeTruthy();
    fireEvent.click(offer().getByRole('button', { name: "Accept Ana's proposal" }));
    // A signed move: its refusal comes in its promise, a moment later.
    expect((await cleo.on.findByRole('alert')).textContent).toBe("Ben plays Trade: every new trade agreement needs Ben's approval first (she approves it on her Trade tab).");
    expect(cleoGame.snapshot().trade.agreements).toEqual([]);

    fireEvent.click(ben.on.getByRole('tab', { name: 'Round' }));
    expect(ben.on.getByText(/^Trade: every new trade agreement needs your approval while you play it.*1 proposal waiting for it on your Trade tab\.$/)).toBeTruthy();
    fireEvent.click(ben.on.getByRole('tab', { name: 'Trade' }));
    expect(ben.on.getByRole('heading', { name: 'Your approval (you play Trade)' })).toBeTruthy();
    ben.click("Approve Ana's proposal to Cleo");
    await waitFor(() => expect(offer().getByText('Approved by Ben (Trade).')).toBeTruthy());
    expect(ben.on.queryByRole('heading', { name: 'Your approval (you play Trade)' })).toBeNull();

    fireEvent.click(offer().getByRole('button', { name: "Accept Ana's proposal" }));
    await waitFor(() => expect(cleo.on.getByRole('listitem', { name: 'Agreement with Ana' })).toBeTruthy());
    for (const g of games) expect(g.snapshot().trade.agreements).toMatchObject([{ a: 's1', b: 's3' }]);
  });
});

describe('the proposal and acceptance flow, on two phones with two documents', () => {
  it('Ana proposes with the contract she chooses; Ben accepts on his phone; both phones then show the agreement', async () => {
    const { ana, ben, sync } = twoPhones();
    ana.click('Open an agreement…');
    const dialog = within(ana.on.getByRole('dialog', { name: 'Open a trade agreement' }));
    fireEvent.change(dialog.getByLabelText('With'), { target: { value: 's2' } });
    fireEvent.change(dialog.getByLabelText('Contract you give'), { target: { value: '1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose' }));
    // The proposal is signed (asynchronous in WebCrypto): the dialog closes once it is written.
    await waitFor(() => expect(ana.on.queryByRole('dialog')).toBeNull());
    expect(ana.on.getByRole('listitem', { name: 'Proposal to Ben' }).textContent).toMatch(/Waiting for Ben to answer: your contract 2 \(value 2\) offered/);
    expect(ben.on.queryByRole('listitem', { name: 'Proposal from Ana' })).toBeNull();

    sync();
    const offer = within(ben.on.getByRole('listitem', { name: 'Proposal from Ana' }));
    expect(offer.getByText(/proposes a trade agreement, giving her contract 2 \(value 2\)/)).toBeTruthy();
    fireEvent.change(offer.getByLabelText('Contract you give back'), { target: { value: '1' } });
    fireEvent.click(offer.getByRole('button', { name: "Accept Ana's proposal" }));
    expect(ben.on.getByRole('listitem', { name: 'Agreement with Ana' }).textContent).toMatch(/You hold Ana's contract 2, value 2/);

    sync();
    const onAna = ana.on.getByRole('listitem', { name: 'Agreement with Ben' });
    expect(onAna.textContent).toMatch(/You hold Ben's contract 2, value 3.*Ben holds your contract 2, value 2/);
    expect(ana.on.queryByRole('listitem', { name: 'Proposal to Ben' })).toBeNull();
    for (const p of [ana, ben]) expect(p.on.getByRole('listitem', { name: 'Ana ⇄ Ben' })).toBeTruthy();
    expect(ana.game.snapshot().trade).toEqual(ben.game.snapshot().trade);
  });

  it('Ben declines on his phone: no agreement, and Ana\'s contract is face down again', () => {
    const { ana, ben, sync } = twoPhones();
    ana.click('Open an agreement…');
    fireEvent.click(within(ana.on.getByRole('dialog')).getByRole('button', { name: 'Propose' }));
    sync();
    ben.click("Decline Ana's proposal");
    sync();
    expect(ana.on.queryByRole('listitem', { name: 'Proposal to Ben' })).toBeNull();
    expect(ana.on.getByText('No trade agreement open.')).toBeTruthy();
    expect(ana.on.getAllByText('Face down in your area')).toHaveLength(2);
  });

  it('Ana\'s phone shows no Accept for a proposal to Ben, and Ben\'s phone none for his own', () => {
    const { ana, ben, sync } = twoPhones();
    ana.click('Open an agreement…');
    fireEvent.click(within(ana.on.getByRole('dialog')).getByRole('button', { name: 'Propose' }));
    sync();
    expect(ana.on.queryByRole('button', { name: /Accept/ })).toBeNull();
    // Ben looks at Ana's panels: read only.
    fireEvent.click(ben.on.getByRole('button', { name: /^Ana,/ }));
    expect(ben.on.getByRole('listitem', { name: 'Proposal to Ben' })).toBeTruthy();
    expect(ben.on.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('proposals crossing on the two phones: Ben accepts Ana\'s, Ana\'s phone sets Ben\'s aside', () => {
    const { ana, ben, sync } = twoPhones();
    ana.click('Open an agreement…');
    fireEvent.click(within(ana.on.getByRole('dialog')).getByRole('button', { name: 'Propose' }));
    ben.click('Open an agreement…');
    fireEvent.click(within(ben.on.getByRole('dialog')).getByRole('button', { name: 'Propose' }));
    sync();
    expect(ben.on.getByRole('listitem', { name: 'Proposal from Ana' })).toBeTruthy();
    ben.click("Accept Ana's proposal");
    sync();
    for (const p of [ana, ben]) {
      expect(p.on.queryByRole('listitem', { name: /^Proposal/ })).toBeNull();
      expect(p.game.snapshot().trade.agreements).toHaveLength(1);
    }
  });

  it('the Hacan propose like everyone, their partner answering on her phone; their dialog says they need no Trade holder\'s approval (003 Appendix 2, Hacan; 003:712)', async () => {
    const anaGame = newGame(threeSeats);
    const benGame = replicaOf(anaGame, 'dev2');
    const [ana, ben] = [phone(anaGame, 's1'), phone(benGame, 's2')];
    const sync = () => merge(anaGame, benGame);
    sync();
    ben.click('Open an agreement…');
    const dialog = within(ben.on.getByRole('dialog', { name: 'Open a trade agreement' }));
    fireEvent.change(dialog.getByLabelText('With'), { target: { value: 's1' } });
    expect(dialog.getByText(/You need no approval from the Trade card's holder \(a race ability\)/)).toBeTruthy();
    expect(dialog.queryByLabelText('Contract you take')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Open the agreement' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(ben.on.queryByRole('dialog')).toBeNull());
    sync();
    fireEvent.click(ana.on.getByRole('button', { name: "Accept Ben's proposal" }));
    await waitFor(() => expect(ana.on.getByRole('listitem', { name: 'Agreement with Ben' })).toBeTruthy());
  });

  it('a self-trade refused by the player count says why, in the dialog', async () => {
    const anaGame = newGame({ ...threeSeats, seats: ['sol', 'hacan', 'xxcha', 'letnev', 'mentak', 'naalu'].map((race, i) => ({ name: `P${i + 1}`, color: `c${i}`, race })) });
    const p1 = phone(anaGame, 's1');
    p1.click('Open an agreement…');
    const dialog = within(p1.on.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('With'), { target: { value: 's1' } });
    expect(dialog.getByText(/Self-trading is not allowed with 6 players/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Self-trade' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Self-trading is not allowed with 6 players.');
    expect(anaGame.snapshot().trade.agreements).toEqual([]);
  });
});

describe('goods and breaking, from the Trade tab', () => {
  function opened() {
    const t = twoPhones();
    const id = proposeNow(t.ana.game, 's1', 's2', 0);
    t.sync();
    t.ben.game.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    return t;
  }

  it('places goods on every agreement, shows them per card, and collects her own pile into her trade goods', () => {
    const { ana, ben, sync } = opened();
    ana.click('Place trade goods on every agreement');
    sync();
    expect([goodsText(ana.root, 'held'), goodsText(ana.root, 'given')]).toEqual(['3 trade goods on it', '2 trade goods on it']);
    expect(ben.on.getByRole('status', { name: 'Trade summary' }).textContent).toBe('1 agreement, 5 trade goods lying on them');
    ben.click('Collect 2 trade goods from your agreements');
    sync();
    expect(ana.game.snapshot().players.s2?.counters.tradeGoods).toBe(2);
    expect(goodsText(ana.root, 'given')).toBe('0 trade goods on it');
    expect(goodsText(ana.root, 'held')).toBe('3 trade goods on it');
  });

  it('breaking in the status phase outside step 8 is refused with the reason; in step 8 the dialog shows the settlement', () => {
    const { ana, sync } = opened();
    ana.game.makeMove(tradeMoves.placeGoods, 's1');
    ana.click(/^Break in status step 8/);
    expect(ana.on.getByRole('alert').textContent).toMatch(/only in step 8 of the status phase .* it is now the strategy phase of round 1/);
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 8 });
    ana.click(/^Break in status step 8/);
    const dialog = within(ana.on.getByRole('dialog', { name: 'Break the agreement with Ben' }));
    expect(dialog.getByRole('list', { name: 'Settlement' }).textContent).toMatch(/You collect 1 trade good.*Ben collects 1 trade good.*3 trade goods discarded/);
    fireEvent.click(dialog.getByRole('button', { name: 'Break the agreement' }));
    sync();
    expect(ana.game.snapshot().trade.agreements).toEqual([]);
    expect([ana.game.snapshot().players.s1?.counters.tradeGoods, ana.game.snapshot().players.s2?.counters.tradeGoods]).toEqual([1, 1]);
  });

  it('after an elimination leaves 2 players, the Trade tab\'s bulk break follows the 2-player rule, and Cleo is no longer offered as a partner (001 "2 players" › Trade, "Elimination" 2)', () => {
    const { ana, sync } = opened();
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    ana.game.makeMove(roundMoves.eliminate, 's3');
    sync();
    ana.click('Trade card b: break all…');
    const dialog = within(ana.on.getByRole('dialog', { name: 'Break every trade agreement' }));
    expect(dialog.getByText(/With 2 players, option b of the Trade strategy card/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Break all agreements' }));
    expect(dialog.getByRole('alert').textContent).toMatch(/With 2 players, option b/);
    expect(ana.game.snapshot().trade.agreements).toHaveLength(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    ana.click('Open an agreement…');
    const propose = within(ana.on.getByRole('dialog', { name: 'Open a trade agreement' }));
    const partners = propose.getByRole('combobox', { name: 'With' });
    expect([...partners.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Ben', 'Yourself (self-trade)']);
  });

  it('a hostile act declared by the victim: she collects her whole pile, the aggressor nothing', () => {
    const { ben, ana, sync } = opened();
    ana.game.makeMove(tradeMoves.placeGoods, 's1');
    sync();
    ben.click('Hostile act… (agreement with Ana)');
    const dialog = within(ben.on.getByRole('dialog', { name: 'Break the agreement with Ana' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Ana' }));
    expect(dialog.getByRole('list', { name: 'Settlement' }).textContent).toMatch(/Ana collects 0 trade goods.*You collect 2 trade goods.*3 trade goods discarded/);
    fireEvent.click(dialog.getByRole('button', { name: 'Break the agreement' }));
    sync();
    expect([ana.game.snapshot().players.s1?.counters.tradeGoods, ana.game.snapshot().players.s2?.counters.tradeGoods]).toEqual([0, 2]);
    fireEvent.click(ana.on.getByRole('tab', { name: 'Log' }));
    expect(ana.on.getByText(/Ben broke the trade agreement between Ana and Ben after a hostile act by Ana: Ana collected 0 trade goods and Ben collected 2 trade goods, 3 discarded/)).toBeTruthy();
  });

  it('corrects her contract values from the Trade tab', () => {
    const { ana } = twoPhones();
    ana.click('Correct values…');
    const dialog = within(ana.on.getByRole('dialog', { name: 'Trade contract values' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Contract 1 value: one point more' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save values' }));
    expect(ana.game.snapshot().trade.contracts.s1).toEqual([3, 2]);
    expect(ana.root.querySelector('[data-contract-value="0"]')?.textContent).toBe('3');
  });
});

describe('trade contract values at setup', () => {
  it('the race fills in its printed values, and the host can correct them before creating the game', async () => {
    const device = { tag: 'phone1', name: 'Test phone' };
    const root = document.createElement('div');
    document.body.append(root);
    disposers.push(render(() => <NewGame device={device} />, root));
    const on = within(root);
    fireEvent.input(on.getByLabelText('Game name'), { target: { value: 'Contracts' } });
    for (const [i, name, race] of [[0, 'Ana', 'sol'], [1, 'Ben', 'hacan'], [2, 'Cleo', 'xxcha']] as const) {
      fireEvent.input(document.getElementById(`seat-${i}-name`)!, { target: { value: name } });
      fireEvent.change(document.getElementById(`seat-${i}-race`)!, { target: { value: race } });
    }
    expect((document.getElementById('seat-1-tc0') as HTMLInputElement).value).toBe('3');
    fireEvent.input(document.getElementById('seat-1-tc1')!, { target: { value: '1' } });
    fireEvent.click(on.getByRole('button', { name: 'Create game' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/game\//));
    const id = location.hash.split('/').pop() ?? '';
    expect((await listGames()).some((g) => g.id === id)).toBe(true);
    const session = await openSession(id, device);
    expect(session.game.snapshot().seats.map((s) => s.tradeContracts)).toEqual([[2, 2], [3, 1], [2, 2]]);
    expect(session.game.snapshot().trade.contracts.s2).toEqual([3, 1]);
    await session.close();
  });
});
