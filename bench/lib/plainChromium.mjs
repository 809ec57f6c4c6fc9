// Chromium with nothing attached to the page but one plain DevTools session, for timings that a
// Playwright-driven page inflates (bench/suites/start.mjs). Playwright instruments every page it
// drives (its protocol domains, bindings, utility worlds, worker auto-attach); measured on the same
// build and profile, its page took ~1.0 s to open the stored game at 4× CPU where a plain session took
// ~0.56 s, and enabling Runtime, Network and Log on the plain session only added ~40 ms of that. A phone
// has no debugger attached, so the start suite drives its measured page through this instead.
//
// The DevTools protocol over --remote-debugging-pipe (fds 3 and 4, NUL-separated JSON), as Playwright
// itself talks to Chromium, so no WebSocket client is needed.
import { spawn } from 'node:child_process';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from './chromium.mjs';

/**
 * Launches headless Chromium on the profile `userDataDir` (which no other browser may hold).
 * Resolves with { send(method, params, sessionId), close() }.
 */
export async function launchPlainChromium(userDataDir, extraArgs = []) {
  if (!hasChromium()) throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  const proc = spawn(CHROMIUM, [...CHROMIUM_ARGS, ...extraArgs, '--headless', '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const [toBrowser, fromBrowser] = [proc.stdio[3], proc.stdio[4]];
  const pending = new Map();
  let nextId = 0;
  let buffered = '';
  fromBrowser.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const waiting = pending.get(message.id);
      if (!waiting) continue; // an event: nothing here listens to any
      pending.delete(message.id);
      if (message.error) waiting.ko(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.ok(message.result);
    }
  });
  const exited = new Promise((ok) => proc.once('exit', ok));
  exited.then(() => {
    for (const w of pending.values()) w.ko(new Error(`Chromium exited during ${w.method}`));
    pending.clear();
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((ok, ko) => {
      const id = ++nextId;
      pending.set(id, { ok, ko, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  await send('Browser.getVersion'); // the pipe is up
  const close = async () => {
    await send('Browser.close').catch(() => {});
    await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5_000))]);
    proc.kill('SIGKILL');
  };
  return { send, close };
}
