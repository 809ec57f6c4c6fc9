import type { BuildAnalysis, Budgets } from '../bench/lib/bundle.mjs';
export function checkBuild(distDir: string, budgets?: Budgets): { problems: string[]; analysis: BuildAnalysis | null };
export function firstFrameFailures(distDir: string): string[];
