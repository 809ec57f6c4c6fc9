/**
 * How many votes a player has in the Twilight Council.
 * Seed 001 "Twilight Council and Political Cards" › "Voting", "Voice of the Council", "Rule Adjustments
 * Based On The Number Of Players" › "2 players"; race exceptions from seed 003 "Appendix 2: Races".
 */
import type { VoteRule } from '../data/types';
import { planetInfluence, planetResources, type PlanetState } from './planets';

/** Votes the elected Voice of the Council holds on top of her planets (+3 in a 2-player game). */
export const VOICE_OF_THE_COUNCIL_VOTES = 5;
export const VOICE_OF_THE_COUNCIL_VOTES_TWO_PLAYERS = 3;

export interface VoteInput {
  planets: readonly PlanetState[];
  voteRule: VoteRule;
  /** She is the elected Voice of the Council (she qualifies for the special objective). */
  holdsVoice: boolean;
  playerCount: number;
  /** Her race: Winnu's exhausted home planet counts only if it is her own home system's. */
  race?: string;
  /**
   * Votes granted by other effects (Lazax Survivors +3, the 2-player Assembly b) +3, the 2-player dice
   * roll, trade goods spent for votes in a 2-player Assembly…). May be negative.
   */
  bonus: number;
}

export interface VoteCount {
  /** The votes she may cast. */
  total: number;
  fromPlanets: number;
  fromVoice: number;
  bonus: number;
  /** True when the total was raised to the guaranteed single vote. */
  minimumApplied: boolean;
}

/**
 * Votes available to a player.
 *
 * 001 "Voting", step 1: "summing the influence values of all her *unexhausted* planets and potentially
 * adding bonus votes granted by other effects. If a player would have 0 votes, she gets 1 vote." The
 * influence value includes a Colony (001 "Facilities"). Trade goods are not votes: 001 only lets them
 * be spent for votes in a 2-player Assembly (pass those through `bonus`), and 003 "Galactic Council"
 * says "Trade Good counters cannot be used to gain additional votes".
 *
 * Voice of the Council gives +5 votes, "+3 votes instead of +5" with 2 players (001 "Rule Adjustments
 * Based On The Number Of Players" › "2 players" › "Objectives"; the +5 itself is only printed on the
 * card and in 003 "Option: Voice of the Council").
 *
 * Race exceptions (003 "Appendix 2", declared in raceAbilities.ts): Nekro Virus may not vote (0, not the
 * minimum 1); Winnu counts her own home system planet even when exhausted ("the Influence of your Home System
 * planet": not a home planet she captured from another race); Xxcha may count a planet's resource value instead of its
 * influence, so each planet counts its larger value.
 */
export function votesAvailable(input: VoteInput): VoteCount {
  const { planets, voteRule, holdsVoice, playerCount, bonus } = input;
  if (voteRule.cannotVote) {
    return { total: 0, fromPlanets: 0, fromVoice: 0, bonus: 0, minimumApplied: false };
  }
  let fromPlanets = 0;
  for (const p of planets) {
    const counts = !p.exhausted || (voteRule.homeCountsExhausted === true && p.homeOf != null && p.homeOf === input.race);
    if (!counts) continue;
    fromPlanets += voteRule.mayCountResources ? Math.max(planetInfluence(p), planetResources(p)) : planetInfluence(p);
  }
  const fromVoice = holdsVoice
    ? playerCount === 2
      ? VOICE_OF_THE_COUNCIL_VOTES_TWO_PLAYERS
      : VOICE_OF_THE_COUNCIL_VOTES
    : 0;
  const sum = fromPlanets + fromVoice + bonus;
  return { total: Math.max(1, sum), fromPlanets, fromVoice, bonus, minimumApplied: sum < 1 };
}
