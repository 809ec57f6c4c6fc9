/**
 * The check of the race deals once every seat revealed its keys at "Finalising Setup" (`unfairness`): each
 * lock, unlock and kept race is checked against the keys, and a phone that lied in any step is named. The
 * check is costly and pure, so the runtime's memo (core/memo.ts) keeps its answer.
 */
import { toHexString } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import { RACES_BY_ID } from '../../data';
import { encodeCard, fromWire, keyFromWire, verifyLock, verifyUnlock } from '../../crypto/mentalPoker';
import type { FoldMemo } from '../core/memo';
import type { SetupState } from './state';
import { dealtCount, isPublic, raceDeals } from './steps';

/**
 * Why the race deals were not fair, or null: every lock must be the deck before it locked with the key its
 * seat revealed and reordered, every unlock the card before it with her keys taken off, and every kept
 * race the card she was dealt. A phone that lied in any step is named.
 */
export function unfairness(s: SetupState, name: (seat: string) => string, memo?: FoldMemo): string | null {
  const deals = raceDeals(s);
  // The check is a pure function of the deals and the keys revealed: the memo (the runtime's, which keeps it on
  // this phone) answers for a refold and for every later opening of the game. The key is the SHA-256 of its input.
  const key = memo && `deal:${toHexString(digest(new TextEncoder().encode(JSON.stringify([deals, s.reveals]))))}`;
  const known = key ? memo?.get(key) : undefined;
  if (typeof known === 'string') return known || null;
  const revealed = new Map(Object.entries(s.reveals).map(([seat, r]) => [seat, r.keys.map((k) => keyFromWire(k) ?? 0n)]));
  const keys = (seat: string) => revealed.get(seat) ?? [];
  const found = ((): string | null => {
    for (const [r, d] of deals.entries()) {
      let input = d.plain ? d.plain.map(encodeCard) : d.input.map((c) => fromWire(c) ?? 0n);
      for (const [i, seat] of d.chain.entries()) {
        const out = (d.locks[i] ?? []).map((c) => fromWire(c) ?? 0n);
        if (!verifyLock(input, out, keys(seat)[r] ?? 0n)) return `${name(seat)}'s shuffle of race deal ${d.round} is not the deck she was given, locked with the key she revealed.`;
        input = out;
      }
      for (let j = 0; j < dealtCount(d); j++) {
        let card = input[j] ?? 0n;
        for (const [i, seat] of d.chain.entries()) {
          const u = d.unlocks[i]?.[j];
          if (!u) continue;
          const next = fromWire(u) ?? 0n;
          if (!verifyUnlock(card, next, keys(seat).slice(0, r + 1))) return `${name(seat)}'s unlock of a card of race deal ${d.round} does not match the keys she revealed.`;
          card = next;
        }
        const recipient = d.recipients[j] as string;
        const kept = s.reveals[recipient]?.race;
        if (!isPublic(d) && d.choices[recipient] && kept && !verifyUnlock(card, encodeCard(kept), keys(recipient).slice(0, r + 1))) {
          return `${name(recipient)} revealed ${RACES_BY_ID.get(kept)?.shortName ?? kept}, which is not the race she was dealt.`;
        }
      }
    }
    return null;
  })();
  if (key) memo?.set(key, found ?? '');
  return found;
}
