import { createSignal } from 'solid-js';
import { isRefusal } from '../../doc/core/moves';

/**
 * Runs a command and turns its refusal into a message for the player instead of a crash: a move's (`game.move`
 * returns it, doc/core/moves.ts) or a command's thrown GameError.
 */
export function createErrorReporter() {
  const [message, setMessage] = createSignal<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (e: unknown) => {
    setMessage((e as Error).message);
    clearTimeout(timer);
    timer = setTimeout(() => setMessage(undefined), 8000);
  };
  /** True when the command ran; a signed command (a promise) reports its refusal when it comes. */
  /** Shows a move's returned refusal (`game.move`); false when `done` is none. */
  const refused = (done: unknown): boolean => {
    if (!isRefusal(done)) return false;
    show(new Error(done.message));
    return true;
  };
  const run = (action: () => unknown): boolean => {
    try {
      const done = action();
      if (refused(done)) return false;
      setMessage(undefined);
      if (done instanceof Promise) done.then(refused, show);
      return true;
    } catch (e) {
      show(e);
      return false;
    }
  };
  /** For a signed command whose result the screen waits on: resolves true once it is written. */
  const runAsync = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      if (refused(await action())) return false;
      setMessage(undefined);
      return true;
    } catch (e) {
      show(e);
      return false;
    }
  };
  /** A problem that came from no tap of hers (a step this phone takes by itself). */
  const report = (text: string) => show(new Error(text));
  return { message, run, runAsync, report, dismiss: () => setMessage(undefined) };
}

/**
 * Runs a command through a reporter. A plain function rather than `props.run(...)` so that command
 * closures written inside event handlers count as event handlers for eslint-plugin-solid.
 */
export function act(p: { run: (fn: () => unknown) => boolean }, command: () => unknown): boolean {
  return p.run(command);
}
