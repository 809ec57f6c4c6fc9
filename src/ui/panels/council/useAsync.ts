import { createSignal } from 'solid-js';

/** Runs an async command (one that saves a secret on the phone first) and keeps its error for the panel. */
export function createAsyncRunner() {
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const run = async (action: () => Promise<unknown> | unknown): Promise<boolean> => {
    setError(undefined);
    setBusy(true);
    try {
      await action();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, clear: () => setError(undefined) };
}
