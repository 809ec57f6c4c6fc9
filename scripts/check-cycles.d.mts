import type { CompilerOptions, ModuleResolutionHost } from 'typescript';
export function loadCompilerOptions(root?: string): CompilerOptions;
export function sourceFiles(dir: string): string[];
export function importGraph(files: string[], compilerOptions: CompilerOptions, host?: ModuleResolutionHost): Map<string, string[]>;
export function findCycles(graph: Map<string, string[]>): string[][];
export function checkCycles(dir?: string, root?: string): { files: number; cycles: string[][] };
