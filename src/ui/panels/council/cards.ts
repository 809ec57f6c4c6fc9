import { compareNames, OBJECTIVES, POLITICAL_CARDS } from '../../../data';
import { ACTION_CARDS } from '../../../data/actionCards';
import { playedAsAction } from '../../../rules/cards';

export interface CardOption {
  id: string;
  name: string;
}

/** Card pickers: the SA lists by name, plus "other…" for anything the lists miss. */
export const POLITICAL_OPTIONS: CardOption[] = [...POLITICAL_CARDS].sort((a, b) => compareNames(a.name, b.name)).map((c) => ({ id: c.id, name: c.name }));
export const ACTION_OPTIONS: CardOption[] = [...ACTION_CARDS].sort((a, b) => compareNames(a.name, b.name)).map((c) => ({ id: c.id, name: c.name }));
/** 001 "Action Cards": the cards played "As an action" (a turn's action), and the others (played when their text says). */
export const ACTION_TURN_OPTIONS: CardOption[] = ACTION_OPTIONS.filter((o) => playedAsAction(ACTION_CARDS.find((c) => c.id === o.id)?.timing ?? ''));
export const ACTION_TIMED_OPTIONS: CardOption[] = ACTION_OPTIONS.filter((o) => !ACTION_TURN_OPTIONS.includes(o));
export const SECRET_OPTIONS: CardOption[] = OBJECTIVES.filter((o) => o.stage === 'secret').map((o) => ({ id: o.id, name: o.name }));

const NAMES = new Map([...POLITICAL_OPTIONS, ...ACTION_OPTIONS, ...SECRET_OPTIONS].map((c) => [c.id, c.name]));
export const cardLabel = (id: string) => NAMES.get(id) ?? id;
