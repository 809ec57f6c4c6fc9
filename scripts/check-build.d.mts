import type { BuildAnalysis, Budgets } from '../bench/lib/bundle.mjs';
export function checkBuild(distDir: string, budgets?: Budgets): { problems: string[]; analysis: BuildAnalysis | null };
export const FIRST_FRAME_SCRIPT_MAX: number;
export function firstFrameFailures(distDir: string, maxBytes?: number): string[];
