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
