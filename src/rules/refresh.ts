/**
 * What a player may do at the Refresh Planets step instead of refreshing a planet, and Natural Wealth.
 * Seed 001 "5) Refresh Planets", "Refresh Abilities" and the Natural Wealth domain counter.
 */
import { ALLOWED, refused, type RuleCheck } from './result';
import { atStatusStep, REFRESH_STEP, type RoundState } from './round';

/** What a refresh ability gives: trade goods the app adds, and what is left to do on the board, in words. */
export interface RefreshGain {
  tradeGoods: number;
  /** Empty when the app applies the whole effect. */
  board: string;
}

/**
 * The gain of a refresh ability as the planet table words it ("Gain 2 Trade Goods", "Gain 2 Fighters",
 * "Icon: … (effect unknown)"). Trade goods live on her sheet; units live on the board, which the app does
 * not model (DESIGN "The board is the truth for the board"), so those are said, not applied.
 */
export function refreshGain(ability: string): RefreshGain {
  const goods = /^Gain (\d+) Trade Goods?$/i.exec(ability);
  if (goods) return { tradeGoods: Number(goods[1]), board: '' };
  if (/^Gain /i.test(ability)) return { tradeGoods: 0, board: `place ${ability.slice(5)} as the planet card says` };
  return { tradeGoods: 0, board: 'apply the effect printed on the planet card' };
}

/** A planet as these checks see it. */
export interface RefreshPlanet {
  name: string;
  ability: string | null;
  exhausted: boolean;
  /** Controlled by the player who asks. */
  mine: boolean;
  /** The round in which its refresh ability was last used, if ever. */
  usedRound?: number | undefined;
}

/**
 * 001 "Refresh Abilities": "Refresh Abilities can be used during the Refresh Planets step of the Status
 * Phase, by *not* refreshing the planet." So only at step 5, only by its controller (she refreshes *her*
 * planets, "5) Refresh Planets"), only on an exhausted planet (a refreshed one has no refresh to give up),
 * and once a round (the step comes once a round).
 */
export function canUseRefreshAbility(p: RefreshPlanet, round: RoundState): RuleCheck {
  if (!p.ability) return refused(`${p.name} has no refresh ability.`);
  const step = atStatusStep(round, REFRESH_STEP, 'Refresh abilities are used (instead of refreshing the planet)');
  if (!step.ok) return step;
  if (!p.mine) return refused(`Only the player who controls ${p.name} may use its refresh ability.`);
  if (!p.exhausted) return refused(`A refresh ability is used instead of refreshing the planet, so ${p.name} must be exhausted.`);
  if (p.usedRound === round.round) return refused(`The refresh ability of ${p.name} was already used this round.`);
  return ALLOWED;
}

/**
 * Placing trade goods as Natural Wealth. 001 "Trade Stations": "No Domain Counter or Natural Wealth may exist
 * on a Trade Station."
 */
export function canPlaceNaturalWealth(p: { name: string; tradeStation: boolean }): RuleCheck {
  if (p.tradeStation) return refused(`${p.name} is a trade station: no Natural Wealth may exist on a trade station (001 "Trade Stations").`);
  return ALLOWED;
}

/**
 * Taking one trade good of Natural Wealth. 001, Natural Wealth domain counter: "players may take one at the
 * end of their Tactical Actions in the system and during the Refresh Planet step of the Status Phase if
 * they control the planet." The app does not see the board, so in the action phase it trusts her that a
 * tactical action in the system just ended; at step 5 one is taken per planet and round.
 */
export function canTakeNaturalWealth(p: { name: string; wealth: number; mine: boolean; takenRound?: number | undefined }, round: RoundState): RuleCheck {
  if (!p.mine) return refused(`Only the player who controls ${p.name} may take its Natural Wealth.`);
  if (p.wealth < 1) return refused(`There is no Natural Wealth left on ${p.name}.`);
  if (round.phase === 'action') return ALLOWED;
  if (round.phase !== 'status' || round.step !== REFRESH_STEP) {
    const now = round.phase === 'status' ? `step ${round.step ?? '?'} of the status phase` : `the ${round.phase} phase`;
    return refused(`Natural Wealth is taken at the end of a tactical action in its system, or at step ${REFRESH_STEP} of the status phase (Refresh Planets); it is now ${now}.`);
  }
  if (p.takenRound === round.round) return refused(`A trade good of Natural Wealth was already taken from ${p.name} at this step: one per planet.`);
  return ALLOWED;
}
