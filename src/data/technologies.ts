/**
 * Technology tree, Shattered Ascension 4.2.
 * technologies_sa42.json: github.com/cayrusa/SA-map-editor-old @ b1080aab (assets/misc/CascadingTechTreeDark_SA.jpg, the tree
 * linked from SA rulebook v31), prerequisite lines traced by eye: a '+' in a red circle means all prerequisites are needed
 * ('and'), otherwise any one suffices ('or'). Links that wrap around the sheet edge are 'medium' confidence: verify against
 * the SA TTS mod before release.
 */
import type { TechColor, TechId, Technology } from './types';
import { slugify } from './ids';

/** [name, color, prerequisite names, 'and' when all are needed, confidence when not high] */
type Row = readonly [string, TechColor, readonly string[], ('and' | 'or')?, Technology['confidence']?];

const ROWS: readonly Row[] = [
  ['Enviro Compensator', 'yellow', []],
  ['Transfabrication', 'yellow', []],
  ['Sarween Tools', 'yellow', ['Enviro Compensator', 'Transfabrication']],
  ['Micro Technology', 'yellow', ['Stasis Capsules', 'Sarween Tools']],
  ['Nano Robotics', 'yellow', ['Micro Technology']],
  ['Graviton Laser System', 'yellow', ['Deep Space Cannon']],
  ['Integrated Economy', 'yellow', ['Micro Technology', 'Cybernetics'], 'and', 'medium'], // Cybernetics link wraps around the sheet edge
  ['Transit Diodes', 'yellow', ['Light/Wave Deflectors', 'Hyper Metabolism', 'Dacxive Animators'], 'or', 'medium'], // Dacxive link wraps around the sheet edge
  ['Hylar V Laser', 'red', []],
  ['Impulsion Shields', 'red', []],
  ['Automated Turrets', 'red', ['Hylar V Laser', 'Impulsion Shields']],
  ['Deep Space Cannon', 'red', ['Hylar V Laser', 'Impulsion Shields']],
  ['War Sun', 'red', ['Sarween Tools', 'Deep Space Cannon'], 'and'],
  ['Magen Defense Grid', 'red', ['Deep Space Cannon']],
  ['Assault Cannons', 'red', ['Automated Turrets', 'Cybernetics'], 'and'],
  ['Graviton Negator', 'red', ['Dacxive Animators', 'Assault Cannons']],
  ['Antimass Deflectors', 'blue', []],
  ['Ion Drive', 'blue', []],
  ['XRD Transporters', 'blue', ['Antimass Deflectors', 'Ion Drive']],
  ['Maneuvering Jets', 'blue', ['XRD Transporters', 'Ion Drive']],
  ['Light/Wave Deflectors', 'blue', ['XRD Transporters', 'Magen Defense Grid'], 'and'],
  ['Type IV Drive', 'blue', ['XRD Transporters', 'Neural Motivator'], 'and'],
  ['Advanced Fighters', 'blue', ['Type IV Drive']],
  ['Fleet Logistics', 'blue', ['Graviton Negator']],
  ['Stasis Capsules', 'green', ['Enviro Compensator', 'Transfabrication']],
  ['Neural Motivator', 'green', ['Stasis Capsules', 'Micro Technology']],
  ['Cybernetics', 'green', ['Antimass Deflectors', 'Ion Drive', 'Stasis Capsules'], 'or', 'medium'], // Stasis link wraps around the sheet edge
  ['Gen Synthesis', 'green', ['Cybernetics']],
  ['Hyper Metabolism', 'green', ['Gen Synthesis']],
  ['Dacxive Animators', 'green', ['Neural Motivator']],
  ['Xenopsychology', 'green', [], 'or', 'medium'], // no connecting line visible => no prerequisite
  ['X-89 Bacterial Weapon', 'green', ['Transit Diodes', 'Assault Cannons']],
];

export const TECHNOLOGIES: readonly Technology[] = ROWS.map(([name, color, prereqs, logic, confidence]) => ({
  id: slugify(name),
  name,
  color,
  prerequisites: prereqs.map(slugify),
  prereqLogic: logic ?? 'or',
  confidence: confidence ?? 'high',
}));

export const TECHS_BY_ID: ReadonlyMap<TechId, Technology> = new Map(TECHNOLOGIES.map((t) => [t.id, t]));
