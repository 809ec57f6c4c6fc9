/**
 * Strategy cards of Shattered Ascension: the 2020 set, which matches SA rulebook v31.
 * strategy_cards_sa.json: github.com/cayrusa/SA-map-editor-old @ b1080aab (assets/StrategyCards/*_Front.png, 2020-02-16);
 * effects are condensed summaries, not the printed text. Player counts: seed 001 "Rule Adjustments Based On The Number
 * Of Players" (the 9th card, Prospect, is used with 4, 7 and 8 players; SA plays with 2 to 8).
 */
import type { StrategyCard } from './types';
import { slugify } from './ids';

const ALL_COUNTS = [2, 3, 4, 5, 6, 7, 8];

function card(initiative: number, name: string, primary: string, secondary: string, special?: string): StrategyCard {
  const playerCounts = initiative === 9 ? [4, 7, 8] : ALL_COUNTS;
  return { id: slugify(name), name, initiative, primary, secondary, playerCounts, ...(special ? { special } : {}) };
}

/** Prospect has no secondary ability (secondary: ""). */
export const STRATEGY_CARDS: readonly StrategyCard[] = [
  card(1, 'Leadership', 'Progressive Campaign: gain 3 CC; may then use secondary', 'Executive Commands: buy CCs with influence, escalating cost: 1 CC=1, 2 CC=3, 3 CC=6, 4 CC=10 influence (may pay in bulk)'),
  card(2, 'Diplomacy', "Demilitarized Zones: a) take 1 CC from each opponent's reinforcements and place them in systems with your planets; or b) secondary at no cost", "Annexation Treaty: 1 CC (strategy alloc.) + 2 influence: claim an empty planet in/adjacent to a system with friendly planets or units (not HS planets, not holder's planets, not Custodians)", 'players taking a hostile action against the holder must exhaust or lose control of a planet; lost if holder performs a hostile action'),
  card(3, 'Assembly', 'Twilight Council: draw 2 PC + 2 AC; a) take Speaker and choose 3 face-up agendas (not own) to vote; or b) give Speaker to another player, choose any revealed agenda + up to 3 more each to vote or discard', 'Hidden Agendas: 1 CC: draw 1 AC + 1 PC, then may discard & redraw one card of each type'),
  card(4, 'Production', 'Industrial Focus: all your Space Docks in one system produce without activating it; +2 resources for this build', 'Muster Ordnance: 1 CC: produce up to 3 production capacity worth of units at one Space Dock without activation'),
  card(5, 'Trade', 'Interstellar Commerce: a) gain 3 TG, may use secondary free; or b) break all Trade Agreements; then players may open agreements you approve', 'Realize Profits: 1 CC: collect all TG on your Trade Agreements', 'after resolution place the indicated Trade Goods on all active Trade Agreements'),
  card(6, 'Warfare', 'High Alert: place High Alert token: your units with it +1 combat rolls, your ships +1 move; token moves with ships; removed end of round', 'Dispatch: 1 CC: move up to 2 ships from unactivated systems to adjacent systems without enemy ships; no activation; may pick up cargo', 'after secondaries resolve, holder may take one Tactical Action paid from reinforcements'),
  card(7, 'Technology', 'Technological Focus: a) gain 1 technology (prereqs needed); or b) use secondary up to 3 times without CC (cost may be paid in bulk)', 'Advanced Research: 1 CC: buy a technology for 5 resources (all prereqs needed); artifacts/refreshed specialties of that colour reduce cost'),
  card(8, 'Bureaucracy', 'Senatorial Control: gain 1 CC; openly draw 3 Stage I objectives, place 1 face-up, others top/bottom; may immediately claim one public objective; may flip Rotation Cycler for 1 influence', 'Imperial Network: 1 CC: reallocate your CCs and relocate one Leader, then gain 1 TG', 'each time a Bonus Counter is added to this card, reveal an objective of the current stage'),
  card(9, 'Prospect', 'Recoordination: a) openly draw 2 Stage I objectives, keep 1 face-up by your race sheet (only you may claim it), other top/bottom; b) gain 2 TG + 1 AC + 1 PC; c) relocate your Leaders to friendly planets/fleets, then recycle up to 3 AC/PC', ''),
];
