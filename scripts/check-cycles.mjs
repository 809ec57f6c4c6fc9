#!/usr/bin/env node
// The import-circle check of `npm run lint` (issue 16): no file under src/ may reach itself
// through its imports, and no folder (a room, or a part of doc/: `roomOf`) may reach itself (issue 37). Type-only imports and import() count too: a circle of types is still a
// circle for the reader. Imports are resolved as tsc resolves them, with the repo's tsconfig.
//
//   node scripts/check-cycles.mjs [dir]        (dir defaults to src)
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** The compiler options of the tsconfig in `root`, which decide how an import resolves. */
export function loadCompilerOptions(root = ROOT) {
  const path = join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
}

/** Every TypeScript file below `dir`. */
export function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Which of `files` each of them imports (absolute paths in, absolute paths out). Imports that
 * resolve outside `files` (packages, CSS, other folders) are left out: only a circle among these
 * files is looked for. `host` reads and probes files; it is swappable so tests can run in memory.
 */
export function importGraph(files, compilerOptions, host = ts.sys) {
  const inSet = new Set(files);
  const cache = ts.createModuleResolutionCache(host.getCurrentDirectory?.() ?? '/', (f) => f, compilerOptions);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(host.readFile(file) ?? '', true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, compilerOptions, host, cache).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && inSet.has(resolved.resolvedFileName)) targets.add(resolved.resolvedFileName);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components of `graph` (Tarjan), each a list of nodes. */
function components(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    found.push(scc);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The shortest path from `from` to `to` through nodes of `within`, both ends included. */
function shortestPath(graph, from, to, within) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    if (v === to) break;
    for (const w of graph.get(v) ?? []) {
      if (within.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const path = [];
  for (let v = to; v !== null; v = prev.get(v)) path.unshift(v);
  return path;
}

/**
 * The import circles of `graph`, each as a chain that ends where it starts ([a, b, a]).
 * A tangle of files can hold more circles than anyone could read, so each import inside a tangle is
 * shown in the shortest circle through it: every import that takes part in a circle is listed.
 */
export function findCycles(graph) {
  const cycles = new Map();
  for (const scc of components(graph)) {
    const within = new Set(scc);
    for (const u of scc) {
      for (const v of graph.get(u) ?? []) {
        if (!within.has(v)) continue;
        const loop = shortestPath(graph, v, u, within); // v … u, closed by the import u → v
        // One rotation per circle, starting at its first file by name, so each is listed once.
        const start = loop.indexOf([...loop].sort()[0]);
        const chain = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.set(chain.join('\n'), [...chain, chain[0]]);
      }
    }
  }
  return [...cycles.values()].sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
}

/**
 * The room a file under `base` belongs to (issue 37): its top folder (`sync`, `secret`, `runtime`, `ui`…), a
 * part of the game for `doc/<part>/…`, or itself for a file at the top (`main.tsx`, `later.ts`).
 */
export function roomOf(file, base) {
  const parts = relative(base, file).split(/[\\/]/);
  if (parts.length === 1) return parts[0];
  return parts[0] === 'doc' && parts.length > 2 ? `doc/${parts[1]}` : parts[0];
}

/** `graph` with each file replaced by its room (`roomOf`): a room importing itself is left out. */
export function roomGraph(graph, base) {
  const rooms = new Map();
  for (const [file, imports] of graph) {
    const from = roomOf(file, base);
    const to = rooms.get(from) ?? new Set();
    rooms.set(from, to);
    for (const imported of imports) if (roomOf(imported, base) !== from) to.add(roomOf(imported, base));
  }
  return rooms;
}

/**
 * The import circles among the files under `dir`, as chains of paths relative to `root`, and among their
 * rooms (`roomOf`): two folders may not import each other even through files that form no circle.
 */
export function checkCycles(dir = 'src', root = ROOT) {
  const files = sourceFiles(resolve(root, dir));
  const graph = importGraph(files, loadCompilerOptions(root));
  return {
    files: files.length,
    cycles: findCycles(graph).map((c) => c.map((f) => relative(root, f))),
    roomCycles: findCycles(roomGraph(graph, resolve(root, dir))),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const dir = process.argv[2] ?? 'src';
  const { files, cycles, roomCycles } = checkCycles(dir);
  const ms = Math.round(performance.now() - started);
  if (cycles.length) {
    console.error(`Import circles among the ${files} files under ${dir}/ (${cycles.length}, ${ms} ms); break each by moving what both sides need into a file both may import:`);
    for (const c of cycles) console.error(`  ${c.join(' → ')}`);
  }
  if (roomCycles.length) {
    console.error(`Import circles among the folders under ${dir}/ (${roomCycles.length}): one of each pair must not import the other (src/doc/README.md "The rooms"):`);
    for (const c of roomCycles) console.error(`  ${c.join(' → ')}`);
  }
  if (cycles.length || roomCycles.length) process.exit(1);
  console.log(`No import circle among the ${files} files under ${dir}/, nor among its folders (${ms} ms).`);
}
