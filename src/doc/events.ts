/**
 * The game log: every change a player makes is one event appended to the shared `log` array, and the
 * game state is folded from it (see snapshot.ts). Why a log rather than one Y.Map per entity
 * (DESIGN.md's first sketch): the log is required anyway (history, undo, who/which phone/when), and
 * writing state *and* a log entry per tap cost ~41 B per change in v1 against ~27 B for the log alone
 * (measured with 8 interleaving replicas, 2,200 changes), which is what keeps a 16-round game under
 * y-webrtc's message cap. Counters stay conflict-free: each event carries a delta, and the fold sums
 * them, so two phones adding 1 concurrently give +2.
 *
 * Events are stored as compact tuples `[kind, time, device, ...fields]`: time in whole seconds since
 * the game was created, device a short tag. Every tuple read from the document is untrusted input and
 * goes through `decodeEvent`, which rejects anything malformed instead of throwing.
 */
import type { Phase } from '../rules/round';
import { decodeTradeOp, encodeTradeOp } from './tradeLog';
import { decodeCouncil, encodeCouncil } from './council/events';
import type { CouncilEvent } from './council/events';
import type { TradeOp } from './tradeLog';
import { decodeRoundOp, encodeRoundOp } from './roundEvents';
import type { RoundOp } from './roundEvents';

export const COUNTERS = [
  'vp',
  'tradeGoods',
  'commandPool',
  'fleetSupply',
  'strategyAllocation',
  'actionCards',
  'politicalCards',
] as const;
export type CounterName = (typeof COUNTERS)[number];

export type Facility = 'colony' | 'refinery';
export type PayKind = 'resources' | 'influence';
/** 'free', 'killed', or the seat id of the captor. */
export type LeaderStatus = 'free' | 'killed' | { capturedBy: string };

/** Why command counters changed areas (001 "Command Counters"). */
export type CcReason = 'receive' | 'move' | 'tactical' | 'secondary';
export type ArtifactColor = 'red' | 'green' | 'blue' | 'yellow';

export interface CustomPlanetDef {
  id: string;
  name: string;
  resources: number;
  influence: number;
  specialties: string[];
}

export type EventBody =
  | { k: 'counter'; seat: string; counter: CounterName; delta: number }
  | { k: 'give'; from: string; to: string; amount: number }
  | { k: 'owner'; planet: string; seat: string | null }
  | { k: 'exhaust'; planet: string; exhausted: boolean }
  /** `keep`: her exhausted planets left exhausted (a facility was built instead of refreshing them). */
  | { k: 'refreshAll'; seat: string; keep?: string[] }
  | { k: 'facility'; planet: string; facility: Facility | null }
  | { k: 'wealth'; planet: string; delta: number }
  | { k: 'customPlanet'; planet: CustomPlanetDef }
  | { k: 'pay'; seat: string; kind: PayKind; amount: number; planets: string[]; tradeGoods: number; what: string }
  | { k: 'tech'; seat: string; tech: string; owned: boolean }
  | { k: 'upgrade'; seat: string; upgrade: string; unlocked: boolean }
  | { k: 'leader'; seat: string; leader: number; status: LeaderStatus }
  | { k: 'note'; seat: string | null; text: string }
  /** Command counters added to (or, negative, taken from) the three areas of her race sheet at once. */
  | { k: 'cc'; seat: string; pool: number; fleet: number; strat: number; why: CcReason }
  | { k: 'phase'; round: number; phase: Phase; step: number | null }
  /** Control of an artifact lives on the artifact, like planets (001 "Artifacts"). */
  | { k: 'artifact'; color: ArtifactColor; seat: string | null }
  /** Trade contracts and agreements (tradeLog.ts): one kind, the operation in `op`. */
  | ({ k: 'trade' } & TradeOp)
  /** The Twilight Council (council/events.ts): agendas and ballots, by commitment then reveal. */
  | { k: 'council'; seat: string | null; e: CouncilEvent }
  /** The round: picks, actions, the status checklist, objectives (roundEvents.ts). */
  | ({ k: 'round' } & RoundOp);

export type EventKind = EventBody['k'];
export type GameEvent = EventBody & { t: number; dev: string };

/** One code letter per kind keeps a 16-round log small; never reuse a retired code. */
const CODES: Record<EventKind, string> = {
  counter: 'n',
  give: 'g',
  owner: 'o',
  exhaust: 'x',
  refreshAll: 'R',
  facility: 'f',
  wealth: 'w',
  customPlanet: 'P',
  pay: 'p',
  tech: 't',
  upgrade: 'u',
  leader: 'l',
  note: '.',
  cc: 'c',
  phase: 'h',
  artifact: 'a',
  trade: 'T',
  council: 'C',
  round: '7',
};
const CC_REASONS: Record<CcReason, string> = { receive: 'r', move: 'm', tactical: 't', secondary: 's' };
const CC_REASON_OF = new Map(Object.entries(CC_REASONS).map(([why, code]) => [code, why as CcReason]));
const PHASES: readonly Phase[] = ['strategy', 'action', 'status'];
const ARTIFACT_COLORS: readonly ArtifactColor[] = ['red', 'green', 'blue', 'yellow'];
const KINDS = new Map(Object.entries(CODES).map(([kind, code]) => [code, kind as EventKind]));
const COUNTER_CODES = new Map(COUNTERS.map((c, i) => [c, i]));

export type EncodedEvent = readonly unknown[];

export function encodeEvent(e: GameEvent): EncodedEvent {
  const head = [CODES[e.k], e.t, e.dev];
  switch (e.k) {
    case 'counter':
      return [...head, e.seat, COUNTER_CODES.get(e.counter), e.delta];
    case 'give':
      return [...head, e.from, e.to, e.amount];
    case 'owner':
      return [...head, e.planet, e.seat ?? ''];
    case 'exhaust':
      return [...head, e.planet, e.exhausted ? 1 : 0];
    case 'refreshAll':
      return e.keep?.length ? [...head, e.seat, e.keep.join(',')] : [...head, e.seat];
    case 'facility':
      return [...head, e.planet, e.facility ?? ''];
    case 'wealth':
      return [...head, e.planet, e.delta];
    case 'customPlanet': {
      const p = e.planet;
      return [...head, p.id, p.name, p.resources, p.influence, p.specialties.join(',')];
    }
    case 'pay':
      return [...head, e.seat, e.kind === 'resources' ? 'r' : 'i', e.amount, e.planets.join(','), e.tradeGoods, e.what];
    case 'tech':
      return [...head, e.seat, e.tech, e.owned ? 1 : 0];
    case 'upgrade':
      return [...head, e.seat, e.upgrade, e.unlocked ? 1 : 0];
    case 'leader':
      return [...head, e.seat, e.leader, typeof e.status === 'string' ? e.status : `@${e.status.capturedBy}`];
    case 'note':
      return [...head, e.seat ?? '', e.text];
    case 'cc':
      return [...head, e.seat, e.pool, e.fleet, e.strat, CC_REASONS[e.why]];
    case 'phase':
      return [...head, e.round, PHASES.indexOf(e.phase), e.step ?? 0];
    case 'artifact':
      return [...head, e.color[0], e.seat ?? ''];
    case 'trade':
      return [...head, ...encodeTradeOp(e)];
    case 'round':
      return [...head, ...encodeRoundOp(e)];
    case 'council':
      return [...head, e.seat ?? '', ...encodeCouncil(e.e)];
  }
}

// Readers for untrusted fields: each returns undefined when the value is not of the expected shape.
const MAX_TEXT = 500;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= MAX_TEXT ? v : undefined);
const id = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 80 ? v : undefined);
const optId = (v: unknown): string | null | undefined => (v === '' ? null : id(v));
const int = (v: unknown): number | undefined => (Number.isSafeInteger(v) ? (v as number) : undefined);
const nat = (v: unknown): number | undefined => {
  const n = int(v);
  return n !== undefined && n >= 0 ? n : undefined;
};
const flag = (v: unknown): boolean | undefined => (v === 1 ? true : v === 0 ? false : undefined);
const list = (v: unknown): string[] | undefined => (v === '' ? [] : str(v)?.split(','));

function decodeBody(kind: EventKind, f: readonly unknown[]): EventBody | undefined {
  switch (kind) {
    case 'counter': {
      const [seat, counter, delta] = [id(f[0]), COUNTERS[nat(f[1]) ?? -1], int(f[2])];
      return seat && counter && delta !== undefined ? { k: kind, seat, counter, delta } : undefined;
    }
    case 'give': {
      const [from, to, amount] = [id(f[0]), id(f[1]), nat(f[2])];
      return from && to && amount !== undefined ? { k: kind, from, to, amount } : undefined;
    }
    case 'owner': {
      const [planet, seat] = [id(f[0]), optId(f[1])];
      return planet && seat !== undefined ? { k: kind, planet, seat } : undefined;
    }
    case 'exhaust': {
      const [planet, exhausted] = [id(f[0]), flag(f[1])];
      return planet && exhausted !== undefined ? { k: kind, planet, exhausted } : undefined;
    }
    case 'refreshAll': {
      const [seat, keep] = [id(f[0]), f[1] === undefined ? [] : list(f[1])];
      if (!seat || !keep) return undefined;
      return keep.length ? { k: kind, seat, keep } : { k: kind, seat };
    }
    case 'facility': {
      const [planet, facility] = [id(f[0]), f[1]];
      if (!planet) return undefined;
      if (facility === '') return { k: kind, planet, facility: null };
      return facility === 'colony' || facility === 'refinery' ? { k: kind, planet, facility } : undefined;
    }
    case 'wealth': {
      const [planet, delta] = [id(f[0]), int(f[1])];
      return planet && delta !== undefined ? { k: kind, planet, delta } : undefined;
    }
    case 'customPlanet': {
      const [pid, name, resources, influence, specialties] = [id(f[0]), id(f[1]), nat(f[2]), nat(f[3]), list(f[4])];
      return pid && name && resources !== undefined && influence !== undefined && specialties
        ? { k: kind, planet: { id: pid, name, resources, influence, specialties } }
        : undefined;
    }
    case 'pay': {
      const [seat, kindCode, amount, planets, tradeGoods, what] = [id(f[0]), f[1], nat(f[2]), list(f[3]), nat(f[4]), str(f[5])];
      const payKind = kindCode === 'r' ? 'resources' : kindCode === 'i' ? 'influence' : undefined;
      return seat && payKind && amount !== undefined && planets && tradeGoods !== undefined && what !== undefined
        ? { k: kind, seat, kind: payKind, amount, planets, tradeGoods, what }
        : undefined;
    }
    case 'tech': {
      const [seat, tech, owned] = [id(f[0]), id(f[1]), flag(f[2])];
      return seat && tech && owned !== undefined ? { k: kind, seat, tech, owned } : undefined;
    }
    case 'upgrade': {
      const [seat, upgrade, unlocked] = [id(f[0]), id(f[1]), flag(f[2])];
      return seat && upgrade && unlocked !== undefined ? { k: kind, seat, upgrade, unlocked } : undefined;
    }
    case 'leader': {
      const [seat, leader, raw] = [id(f[0]), nat(f[1]), str(f[2])];
      if (!seat || leader === undefined || raw === undefined) return undefined;
      if (raw === 'free' || raw === 'killed') return { k: kind, seat, leader, status: raw };
      const captor = raw.startsWith('@') ? id(raw.slice(1)) : undefined;
      return captor ? { k: kind, seat, leader, status: { capturedBy: captor } } : undefined;
    }
    case 'note': {
      const [seat, text] = [optId(f[0]), str(f[1])];
      return seat !== undefined && text !== undefined ? { k: kind, seat, text } : undefined;
    }
    case 'cc': {
      const [seat, pool, fleet, strat, why] = [id(f[0]), int(f[1]), int(f[2]), int(f[3]), CC_REASON_OF.get(f[4] as string)];
      return seat && pool !== undefined && fleet !== undefined && strat !== undefined && why ? { k: kind, seat, pool, fleet, strat, why } : undefined;
    }
    case 'phase': {
      const [round, phase, step] = [nat(f[0]), PHASES[nat(f[1]) ?? -1], nat(f[2])];
      if (!round || !phase || step === undefined || step > 9) return undefined;
      if ((phase === 'status') !== step > 0) return undefined;
      return { k: kind, round, phase, step: step || null };
    }
    case 'artifact': {
      const [color, seat] = [ARTIFACT_COLORS.find((c) => c[0] === f[0]), optId(f[1])];
      return color && seat !== undefined ? { k: kind, color, seat } : undefined;
    }
    case 'trade': {
      const op = decodeTradeOp(f);
      return op && { k: kind, ...op };
    }
    case 'round': {
      const op = decodeRoundOp(f);
      return op && { k: kind, ...op };
    }
    case 'council': {
      const [seat, e] = [optId(f[0]), decodeCouncil(f.slice(1))];
      return seat !== undefined && e ? { k: kind, seat, e } : undefined;
    }
  }
}

/** Decodes one stored tuple; undefined when it is not a well-formed event of this schema. */
export function decodeEvent(raw: unknown): GameEvent | undefined {
  if (!Array.isArray(raw) || raw.length < 3) return undefined;
  const kind = KINDS.get(raw[0] as string);
  const t = nat(raw[1]);
  const dev = id(raw[2]);
  if (!kind || t === undefined || !dev) return undefined;
  const body = decodeBody(kind, raw.slice(3));
  return body ? { ...body, t, dev } : undefined;
}
