import type { CompilerOptions, ModuleResolutionHost } from 'typescript';
export function loadCompilerOptions(root?: string): CompilerOptions;
export function sourceFiles(dir: string): string[];
export function importGraph(files: string[], compilerOptions: CompilerOptions, host?: ModuleResolutionHost): Map<string, string[]>;
export function findCycles(graph: Map<string, Iterable<string>>): string[][];
export function roomOf(file: string, base: string): string;
export function roomGraph(graph: Map<string, string[]>, base: string): Map<string, Set<string>>;
export function checkCycles(dir?: string, root?: string): { files: number; cycles: string[][]; roomCycles: string[][] };
