export interface FileSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}
export interface Group {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}
export interface IndexHtml {
  scripts: string[];
  modulepreloads: string[];
  stylesheets: string[];
  manifest: string | null;
}
export interface BuildAnalysis {
  firstScreen: Group;
  total: Group;
  lazy: Group;
  files: (FileSize & { firstScreen: boolean; precached: boolean })[];
  precache: string[];
  index: IndexHtml;
  missing: string[];
}
export interface Budgets {
  firstScreenGzipBytes: number;
  totalGzipBytes: number;
}
export const BUDGETS: Budgets;
export const CEILINGS: Budgets;
export function gzipSize(buf: Uint8Array | string): number;
export function parseIndexHtml(html: string): IndexHtml;
export function staticImports(code: string): string[];
export function precacheUrls(sw: string): string[];
export function analyzeBuild(distDir: string): BuildAnalysis;
export function budgetFailures(analysis: BuildAnalysis, budgets?: Budgets): string[];
export function formatFiles(analysis: BuildAnalysis): string;
