#!/usr/bin/env node
// Serves the built app (dist/) on this machine. `npm start` builds first, then runs this.
// Usage: node scripts/serve.mjs [--port 5173] [--host 0.0.0.0]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Starts a static server for `root`; resolves with its URL and a close function. */
export async function startAppServer({ root = resolve(fileURLToPath(new URL('../dist', import.meta.url))), port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw Object.assign(new Error('outside root'), { code: 'ENOENT' });
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      // The service worker and the page must revalidate so an update is noticed; hashed assets never change.
      const cache = /\/assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    }
  });
  await new Promise((ok, ko) => server.once('error', ko).listen(port, host, ok));
  const actual = server.address().port;
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`, port: actual, close: () => new Promise((ok) => server.close(ok)) };
}

export function lanAddresses() {
  return Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => a.address);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : (process.env[name.toUpperCase()] ?? fallback);
  };
  const port = Number(arg('port', 5173));
  const host = arg('host', '0.0.0.0');
  const app = await startAppServer({ port, host });
  console.log(`Twilight Table is running.`);
  console.log(`  On this machine:  http://localhost:${app.port}/`);
  for (const ip of lanAddresses()) console.log(`  On the local network: http://${ip}:${app.port}/ (phones: see README, "Game night")`);
  console.log('Press Ctrl+C to stop.');
}
