/** The council's public state as the snapshot holds it (`s.council`), folded by fold.ts. */
import type { AgendaResult, Ballot } from '../../rules/council';

export interface PlacedAgenda {
  /** "3:s2": the agenda seat s2 placed in round 3; "3:x1": the first extra one revealed in round 3. */
  key: string;
  round: number;
  seat: string | null;
  source: 'hand' | 'deck' | null;
  /** Political card id, or a name typed for "other…"; null while face down (or drawn and not named yet). */
  card: string | null;
  revealed: boolean;
  /** Not voted on this round: back in its owner's hand (001 "Status Phase › 9) Clean-up"). */
  returned: boolean;
}

export interface CouncilSession {
  id: string;
  round: number;
  active: string;
  /** Agenda keys in resolution order; "voc" last when someone added the Voice of the Council. */
  agendas: string[];
  voc: string[];
  /** Seats that may vote (the Nekro Virus may not). */
  eligible: string[];
  dice: Record<string, number[]>;
  /** Seat → commitment: the table sees who has locked in, never what. */
  locked: Record<string, string>;
  /** Seat → its commitments after the first (its phone locked in from two screens at once). */
  relocked: Record<string, string[]>;
  /** Each seat's votes from planets and the Voice when it locked in, before the 1-vote minimum (rules ballotLimit). */
  limits: Record<string, number>;
  /** Verified ballots, once revealed. */
  ballots: Record<string, Ballot>;
  /** Seats whose revealed ballot was refused (it breaks the rules), and why: they abstain. */
  refused: Record<string, string>;
  /** Seats for which a reveal that does not match the commitment was seen (refused, and named). */
  tampered: string[];
  closed: boolean;
  abstained: string[];
  ties: Record<string, string>;
  /** The tally, once every eligible seat has revealed (or the speaker closed the vote). */
  results: AgendaResult[] | null;
  /** When a phone last answered (the vote started, a ballot locked in or revealed), in game seconds. */
  answeredAt: number;
  /** When the Speaker started the countdown to close it, in game seconds; null before. */
  closingAt: number | null;
}

export interface CouncilState {
  agendas: PlacedAgenda[];
  sessions: CouncilSession[];
  laws: string[];
  /** The seat elected Voice of the Council by the latest election, if any. */
  voice: string | null;
}
