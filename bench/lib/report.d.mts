export interface Target {
  max?: number;
  min?: number;
  unit?: string;
}
export interface KeySpec {
  suite: string;
  target?: Target;
  pending?: string;
}
export const KEYS: Record<string, KeySpec>;
export type Verdict = 'pass' | 'fail' | 'n/a' | 'missing';
export interface SuiteOutcome {
  name: string;
  ok: boolean;
  error?: string;
  ms: number;
  measuredAt: string;
  results: Record<string, number | null>;
  notes?: Record<string, string>;
  details?: Record<string, unknown>;
  targets?: Record<string, Target>;
  keys?: string[];
}
export interface SuiteStatus {
  ok: boolean;
  ms: number;
  measuredAt: string;
  keys: string[];
  error?: string;
  carriedOver?: boolean;
}
export interface Report {
  measuredAt: string;
  machine: unknown;
  versions: unknown;
  results: Record<string, number | null>;
  targets: Record<string, Target>;
  status: Record<string, Verdict>;
  notes: Record<string, string>;
  suites: Record<string, SuiteStatus>;
  details: Record<string, unknown>;
}
export function unitOf(key: string): string;
export function verdict(value: number | null | undefined, target: Target | undefined): Verdict;
export function buildReport(input: {
  outcomes: SuiteOutcome[];
  previous?: Report | null;
  machine: unknown;
  versions: unknown;
  measuredAt: string;
  available?: string[];
}): Report;
export function formatValue(value: number | null | undefined, unit?: string): string;
export function formatTarget(target: Target | undefined): string;
export function formatTable(report: Report, opts?: { extras?: boolean }): string;
export function strictFailures(report: Report): string[];
