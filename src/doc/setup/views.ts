/**
 * What the setup's screens read, without its commands (and the Yjs they bring: a start's first frame is
 * painted before Yjs has loaded, issue 33), and what the setup at the table shows at the step that makes it
 * (issue 35 item 8: setup hid its numbers). Pure reads of the folded setup: no secret is read here (a hidden
 * race stays hidden).
 */
import { OBJECTIVES } from '../../data';
import type { ObjectiveStage } from '../../data/types';
import { homeBidGoods } from '../../rules/setup';
import type { SetupState } from './state';

export { MAX_SEATS, MIN_SEATS, STARTING_TRADE_GOODS, VP_GOALS } from './seats';

/**
 * Each seat's trade goods as far as the setup has settled them: after the speaker auction and step 10's
 * normalisation, the final count ('final'); once every seat holds a home system bid, the difference to the
 * highest bid that step 7 pays ('home bids', before the auction and the normalisation); before that, nothing.
 */
export function tradeGoodsSoFar(s: Pick<SetupState, 'goods' | 'home'>): { goods: Record<string, number>; from: 'final' | 'home bids' } | undefined {
  if (s.goods) return { goods: s.goods, from: 'final' };
  if (!s.home || s.home.turn !== null || !s.home.order.every((seat) => s.home?.holds[seat])) return undefined;
  return { goods: homeBidGoods(Object.fromEntries(Object.entries(s.home.holds).map(([seat, h]) => [seat, h.bid]))), from: 'home bids' };
}

const STAGE_ORDER: readonly { stage: ObjectiveStage; label: string }[] = [
  { stage: 'stage1', label: 'Stage I' },
  { stage: 'preliminary', label: 'Preliminary' },
  { stage: 'stage2', label: 'Stage II' },
];

/** Objectives face up, grouped as the table lays them out: Stage I, Preliminary, Stage II (a group with none left out). */
export function objectivesByStage(ids: readonly string[]): { label: string; ids: string[] }[] {
  const stageOf = new Map(OBJECTIVES.map((o) => [o.id, o.stage]));
  return STAGE_ORDER.map(({ stage, label }) => ({ label, ids: ids.filter((id) => stageOf.get(id) === stage) })).filter((g) => g.ids.length);
}

/**
 * Her race as the table knows it during the setup: the one she chose or was dealt face up (public), 'hidden'
 * while she keeps a secretly dealt one, undefined while it is still to be chosen.
 */
export function publicRace(s: Pick<SetupState, 'picks' | 'dealt' | 'hidden'>, seat: string): string | 'hidden' | undefined {
  const known = s.picks[seat] ?? s.dealt[seat];
  if (known) return known;
  return s.hidden.includes(seat) ? 'hidden' : undefined;
}
