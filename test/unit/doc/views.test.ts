import { describe, expect, it } from 'vitest';
import { TECHS_BY_ID } from '../../../src/data';
import { prerequisiteText, seatTotals, techOffer, upgradeOffers } from '../../../src/doc/sheet';
import { atStatusStep, holdRefreshed, newGame } from './fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

describe('what the panels show, derived from the document', () => {
  it('header totals count refreshed planets only, facilities included, and trade goods apart', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    expect(seatTotals(game.snapshot(), 's1')).toEqual({ resources: 7, influence: 2, votes: 2, tradeGoods: 2, fleetSupplyUpkeep: 0 });
    game.makeMove(planetMoves.setExhausted, 'jord', true);
    expect(seatTotals(game.snapshot(), 's1')).toMatchObject({ resources: 3, influence: 0, votes: 1 });
  });

  it('shows fleet supply upkeep beyond 8 counters', () => {
    const game = newGame();
    game.makeMove(sheetMoves.receiveCounters, 's1', { pool: 0, fleet: 7, strat: 0 });
    expect(seatTotals(game.snapshot(), 's1').fleetSupplyUpkeep).toBe(2);
  });

  it('prices racial upgrades live: base − VP + base costs already unlocked', () => {
    const game = newGame();
    expect(upgradeOffers(game.snapshot(), 's1').map((o) => o.cost)).toEqual([4, 5]);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 3);
    expect(upgradeOffers(game.snapshot(), 's1').map((o) => o.cost)).toEqual([1, 2]);
    atStatusStep(game, 4);
    game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', { planets: ['jord'], tradeGoods: 0 });
    expect(upgradeOffers(game.snapshot(), 's1').map((o) => [o.unlocked, o.cost])).toEqual([[true, 0], [false, 6]]);
  });

  it('prices a technology after discounts and says which prerequisite is missing', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'fria');
    const xrd = techOffer(game.snapshot(), 's1', TECHS_BY_ID.get('xrd-transporters')!, 5);
    expect(xrd.price).toEqual({ cost: 4, specialtyDiscount: 1, artifactDiscount: 0 });
    const warSun = techOffer(game.snapshot(), 's1', TECHS_BY_ID.get('war-sun')!, 5);
    expect(warSun.prerequisites).toEqual({ ok: false, missing: ['sarween-tools', 'deep-space-cannon'], logic: 'and' });
    expect(prerequisiteText(['sarween-tools', 'deep-space-cannon'], 'and')).toBe('Sarween Tools and Deep Space Cannon');
  });
});
