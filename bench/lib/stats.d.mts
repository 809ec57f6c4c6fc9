export function percentile(values: number[], p: number): number | null;
export function median(values: number[]): number | null;
export function round(value: number | null | undefined, digits?: number): number | null;
export function repeat<T>(runs: number, fn: (i: number) => Promise<T> | T, opts?: { warmup?: number }): Promise<T[]>;
