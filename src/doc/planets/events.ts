/** The planet cards' events: control, exhausted or refreshed, facilities, Natural Wealth, custom planets, payments, artifacts. */
import { flag, id, int, list, nat, optId, str } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { ArtifactColor, CustomPlanetDef, Facility } from '../core/types';

export type PayKind = 'resources' | 'influence';

declare module '../core/types' {
  interface EventMap {
    owner: { k: 'owner'; planet: string; seat: string | null };
    exhaust: { k: 'exhaust'; planet: string; exhausted: boolean };
    /** `keep`: her exhausted planets left exhausted (a facility was built instead of refreshing them). */
    refreshAll: { k: 'refreshAll'; seat: string; keep?: string[] };
    facility: { k: 'facility'; planet: string; facility: Facility | null };
    wealth: { k: 'wealth'; planet: string; delta: number };
    customPlanet: { k: 'customPlanet'; planet: CustomPlanetDef };
    pay: { k: 'pay'; seat: string; kind: PayKind; amount: number; planets: string[]; tradeGoods: number; what: string };
    /** Control of an artifact lives on the artifact, like planets (001 "Artifacts"). */
    artifact: { k: 'artifact'; color: ArtifactColor; seat: string | null };
    /** Her planet's refresh ability used at status step 5, instead of refreshing it (001 "Refresh Abilities"). */
    refreshUse: { k: 'refreshUse'; seat: string; planet: string };
    /** One trade good of Natural Wealth taken from her planet (001, Natural Wealth domain counter). */
    takeWealth: { k: 'takeWealth'; seat: string; planet: string };
    /** As her action, her planet's resources and influence reversed until the end of `round` (the Yin, 003 Appendix 2). */
    reverse: { k: 'reverse'; seat: string; planet: string; round: number };
  }
  interface PlanetCard {
    /** The round in which its refresh ability was last used: once a round. */
    refreshUsed?: number;
    /** The round in which Natural Wealth was last taken from it at status step 5: one per step. */
    wealthTaken?: number;
    /** The Yin's control marker on it: its values reversed for `round`, by `seat`, at log position `index`. */
    reversed?: { seat: string; round: number; index: number };
  }
}

/**
 * Custom planets a game may hold (issue 36): each is a card on every phone and in every planet list. The
 * planet table holds 103 planets (77 outside home systems); a table missing 40 more is a phone filling lists.
 */
export const CUSTOM_PLANETS_MAX = 40;

export type PlanetKind = 'owner' | 'exhaust' | 'refreshAll' | 'facility' | 'wealth' | 'customPlanet' | 'pay' | 'artifact' | 'refreshUse' | 'takeWealth' | 'reverse';

const seatAndPlanet = <K extends 'refreshUse' | 'takeWealth'>(k: K, code: string) => ({
  code,
  encode: (e: { seat: string; planet: string }) => [e.seat, e.planet],
  decode(f: readonly unknown[]) {
    const [seat, planet] = [id(f[0]), id(f[1])];
    return seat && planet ? ({ k, seat, planet } as { k: K; seat: string; planet: string }) : undefined;
  },
});

const ARTIFACT_COLORS: readonly ArtifactColor[] = ['red', 'green', 'blue', 'yellow'];

export const planetEvents: EventCodecs<PlanetKind> = {
  owner: {
    code: 'o',
    encode: (e) => [e.planet, e.seat ?? ''],
    decode(f) {
      const [planet, seat] = [id(f[0]), optId(f[1])];
      return planet && seat !== undefined ? { k: 'owner', planet, seat } : undefined;
    },
  },
  exhaust: {
    code: 'x',
    encode: (e) => [e.planet, e.exhausted ? 1 : 0],
    decode(f) {
      const [planet, exhausted] = [id(f[0]), flag(f[1])];
      return planet && exhausted !== undefined ? { k: 'exhaust', planet, exhausted } : undefined;
    },
  },
  refreshAll: {
    code: 'R',
    encode: (e) => (e.keep?.length ? [e.seat, e.keep.join(',')] : [e.seat]),
    decode(f) {
      const [seat, keep] = [id(f[0]), f[1] === undefined ? [] : list(f[1])];
      if (!seat || !keep) return undefined;
      return keep.length ? { k: 'refreshAll', seat, keep } : { k: 'refreshAll', seat };
    },
  },
  facility: {
    code: 'f',
    encode: (e) => [e.planet, e.facility ?? ''],
    decode(f) {
      const [planet, facility] = [id(f[0]), f[1]];
      if (!planet) return undefined;
      if (facility === '') return { k: 'facility', planet, facility: null };
      return facility === 'colony' || facility === 'refinery' ? { k: 'facility', planet, facility } : undefined;
    },
  },
  wealth: {
    code: 'w',
    encode: (e) => [e.planet, e.delta],
    decode(f) {
      const [planet, delta] = [id(f[0]), int(f[1])];
      return planet && delta !== undefined ? { k: 'wealth', planet, delta } : undefined;
    },
  },
  customPlanet: {
    code: 'P',
    encode: ({ planet: p }) => [p.id, p.name, p.resources, p.influence, p.specialties.join(',')],
    decode(f) {
      const [pid, name, resources, influence, specialties] = [id(f[0]), id(f[1]), nat(f[2]), nat(f[3]), list(f[4])];
      return pid && name && resources !== undefined && influence !== undefined && specialties
        ? { k: 'customPlanet', planet: { id: pid, name, resources, influence, specialties } }
        : undefined;
    },
  },
  pay: {
    code: 'p',
    encode: (e) => [e.seat, e.kind === 'resources' ? 'r' : 'i', e.amount, e.planets.join(','), e.tradeGoods, e.what],
    decode(f) {
      const [seat, kindCode, amount, planets, tradeGoods, what] = [id(f[0]), f[1], nat(f[2]), list(f[3]), nat(f[4]), str(f[5])];
      const kind = kindCode === 'r' ? 'resources' : kindCode === 'i' ? 'influence' : undefined;
      return seat && kind && amount !== undefined && planets && tradeGoods !== undefined && what !== undefined
        ? { k: 'pay', seat, kind, amount, planets, tradeGoods, what }
        : undefined;
    },
  },
  artifact: {
    code: 'a',
    encode: (e) => [e.color[0], e.seat ?? ''],
    decode(f) {
      const [color, seat] = [ARTIFACT_COLORS.find((c) => c[0] === f[0]), optId(f[1])];
      return color && seat !== undefined ? { k: 'artifact', color, seat } : undefined;
    },
  },
  refreshUse: seatAndPlanet('refreshUse', 'U'),
  takeWealth: seatAndPlanet('takeWealth', 'W'),
  reverse: {
    code: 'Y',
    encode: (e) => [e.seat, e.planet, e.round],
    decode(f) {
      const [seat, planet, round] = [id(f[0]), id(f[1]), nat(f[2])];
      return seat && planet && round ? { k: 'reverse', seat, planet, round } : undefined;
    },
  },
};
