/**
 * `npm start`'s server (scripts/serve.mjs) runs y-webrtc's signaling server as a child: stopping the
 * server with `kill <pid>` (SIGTERM) or Ctrl+C (SIGINT) stops the child too (issue 20).
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';

const portOpen = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = connect(port, '127.0.0.1', () => (s.destroy(), ok(true)));
    s.on('error', () => ok(false));
  });

/**
 * The y-webrtc signaling servers running on this machine, from /proc (no `ps` on a bare Debian); with
 * `parent`, only that process's children (other tests or benchmarks may run their own at the same time).
 */
async function signalingPids(parent?: number): Promise<number[]> {
  const { readdirSync, readFileSync } = await import('node:fs');
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        if (!readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('y-webrtc/bin/server.js')) return false;
        // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing bracket.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return parent === undefined || Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

describe('the app server of npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops its signaling server when it is stopped with %s', async (signal) => {
    const server = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((ok, ko) => {
      let out = '';
      server.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/localhost:(\d+)\//.exec(out);
        if (m) ok(m[1] as string);
      });
      server.once('exit', () => ko(new Error(`the server ended: ${out}`)));
    });
    expect(await portOpen(Number(url))).toBe(true);
    const child = await signalingPids(server.pid);
    expect(child).toHaveLength(1);
    const ended = new Promise((ok) => server.once('exit', ok));
    server.kill(signal);
    await ended;
    for (let i = 0; i < 50 && (await signalingPids()).includes(child[0] as number); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await signalingPids()).not.toContain(child[0]);
  });
});
