/**
 * The shape every rule check returns. A refusal carries a sentence meant for the player at the table
 * ("A facility cannot be built on a home system planet."), so the UI can show it as is and a `doc`
 * command can throw it without rewording.
 */

/** A computed value, or the reason the rules refuse it. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A yes/no rule check. */
export type RuleCheck = { ok: true } | { ok: false; reason: string };

/** The check passed. */
export const ALLOWED: RuleCheck = Object.freeze({ ok: true });

/** The check failed, with a player-facing sentence. */
export function refused(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
