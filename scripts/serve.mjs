#!/usr/bin/env node
// Serves the built app (dist/) on this machine, with y-webrtc's own signaling server (bin/server.js,
// run as a child process) behind the same port at /signal. `npm start` builds first, then runs this.
// Usage: node scripts/serve.mjs [--port 5173] [--host 0.0.0.0] [--base /] [--no-signaling]
// --base serves the app under a path (as a GitHub Pages project site does: /<repository>/), with the
// signaling server at <base>signal, where the app looks for it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
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

const SIGNALING_BIN = fileURLToPath(new URL('../node_modules/y-webrtc/bin/server.js', import.meta.url));

async function freePort() {
  const probe = createTcpServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

async function untilListening(port, deadline) {
  for (;;) {
    const up = await new Promise((ok) => connect(port, '127.0.0.1').once('connect', function () { this.destroy(); ok(true); }).once('error', () => ok(false)));
    if (up) return;
    if (Date.now() > deadline) throw new Error(`the signaling server did not start on port ${port}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** Starts y-webrtc's signaling server (unchanged) on a loopback port; resolves with its port and a stop function. */
export async function startSignaling() {
  const port = await freePort();
  const child = spawn(process.execPath, [SIGNALING_BIN], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => child.kill();
  process.once('exit', stop);
  await untilListening(port, Date.now() + 10_000);
  return { port, stop };
}

/** Forwards a WebSocket upgrade on <base>signal to the signaling server, byte for byte. */
function proxyUpgrade(signalingPort, base) {
  return (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== `${base}signal`) return socket.destroy();
    const upstream = connect(signalingPort, '127.0.0.1', () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} / HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => { socket.destroy(); upstream.destroy(); };
    upstream.on('error', close);
    socket.on('error', close);
  };
}

/**
 * Starts a static server for `root` at the path `base` (and signaling at <base>signal unless disabled);
 * resolves with the app's URL (ending in `base`) and a close function. Nothing outside `base` is served.
 */
export async function startAppServer({ root = resolve(fileURLToPath(new URL('../dist', import.meta.url))), port = 0, host = '127.0.0.1', signaling = true, base = '/' } = {}) {
  if (!/^\/(.+\/)?$/.test(base)) throw new Error(`the base path "${base}" must start and end with /`);
  const server = createServer(async (req, res) => {
    try {
      const url = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      // The folder without its '/' would resolve the page's relative URLs one level up: redirect, as static hosts do.
      if (url === base.slice(0, -1)) return void res.writeHead(301, { Location: base }).end();
      if (!url.startsWith(base)) throw Object.assign(new Error('outside base'), { code: 'ENOENT' });
      const path = url.slice(base.length - 1);
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
  const signal = signaling ? await startSignaling() : undefined;
  if (signal) server.on('upgrade', proxyUpgrade(signal.port, base));
  await new Promise((ok, ko) => server.once('error', ko).listen(port, host, ok));
  const actual = server.address().port;
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  const close = async () => {
    signal?.stop();
    for (const s of sockets) s.destroy();
    await new Promise((ok) => server.close(ok));
  };
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`;
  // At the root, `url` stays the bare origin, as the tests that append '/#/…' to it expect.
  const url = base === '/' ? origin : origin + base;
  return { url, port: actual, signalingUrl: signal ? `${origin.replace('http', 'ws')}${base}signal` : null, close };
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
  const base = arg('base', '/');
  const app = await startAppServer({ port, host, base, signaling: !process.argv.includes('--no-signaling') });
  // Node ends on SIGTERM without its 'exit' handlers: stop the signaling child first (`kill <pid>` left it running). Set
  // before the address is printed: whoever reads it may stop the server at once (a test does, on a busy machine).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void app.close().finally(() => process.exit(0));
    });
  }
  console.log(`Twilight Table is running.`);
  console.log(`  On this machine:  http://localhost:${app.port}${base}`);
  for (const ip of lanAddresses()) console.log(`  On the local network: http://${ip}:${app.port}${base} (phones: see README, "Game night")`);
  if (app.signalingUrl) console.log(`  Signaling (y-webrtc): ws://<address above>:${app.port}${base}signal`);
  console.log('Press Ctrl+C to stop.');
}
