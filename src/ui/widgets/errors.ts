import { createSignal } from 'solid-js';

/** Runs a command and turns a thrown GameError into a message for the player instead of a crash. */
export function createErrorReporter() {
  const [message, setMessage] = createSignal<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (action: () => void): boolean => {
    try {
      action();
      setMessage(undefined);
      return true;
    } catch (e) {
      setMessage((e as Error).message);
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(undefined), 8000);
      return false;
    }
  };
  return { message, run, dismiss: () => setMessage(undefined) };
}

/**
 * Runs a command through a reporter. A plain function rather than `props.run(...)` so that command
 * closures written inside event handlers count as event handlers for eslint-plugin-solid.
 */
export function act(p: { run: (fn: () => void) => boolean }, command: () => void): boolean {
  return p.run(command);
}
