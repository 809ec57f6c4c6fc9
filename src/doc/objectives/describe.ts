/** The objectives' ops in words: "Ana claimed the Stage I objective Expansion (+1 VP)". The round's describer reads them out (round/describe.ts). */
import { OBJECTIVES } from '../../data';
import type { Objective, ObjectiveStage } from '../../data/types';
import type { GameSnapshot } from '../core/types';
import { playerName } from '../core/words';
import type { ObjectiveOp } from './events';

const objective = (id: string): Objective | undefined => OBJECTIVES.find((o) => o.id === id);
const STAGE_WORDS: Record<ObjectiveStage, string> = { stage1: 'Stage I', stage2: 'Stage II', preliminary: 'preliminary', secret: 'secret', special: 'special' };

/** One sentence for an objective's op; seats by their player's name. */
export function describeObjectiveOp(e: ObjectiveOp, s: GameSnapshot): string {
  const who = (seat: string) => playerName(s, seat);
  switch (e.op) {
    case 'reveal': {
      const o = objective(e.objective);
      return `${e.shown ? 'Revealed' : 'Took back'} the ${o ? STAGE_WORDS[o.stage] : ''} objective ${o?.name ?? e.objective}`;
    }
    case 'fate':
      return `${who(e.seat)} scored the race-specific objective "${e.name}" (Path of Fate, +${e.vp} VP)`;
    case 'claim': {
      const o = objective(e.objective);
      return `${who(e.seat)} claimed ${o ? `the ${STAGE_WORDS[o.stage]} objective ` : ''}${o?.name ?? e.objective}${o?.vp ? ` (+${o.vp} VP)` : ''}`;
    }
  }
}
