import { createSignal } from 'solid-js';
import { isRefusal } from '../../../doc/core/moves';

/**
 * Runs an async command (one that saves a secret on the phone first) and keeps its error for the panel.
 * A command run with an `origin` ("ballot") keeps its error there, for the form that ran it to show
 * beside its button: where the player is looking, not a screen above.
 */
export function createAsyncRunner() {
  const [error, setError] = createSignal<string>();
  const [origin, setOrigin] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const run = async (action: () => Promise<unknown> | unknown, from?: string): Promise<boolean> => {
    setError(undefined);
    setOrigin(from);
    setBusy(true);
    try {
      const done = await action();
      // A move's refusal comes back as a value (doc/core/moves.ts), shown as a thrown error is.
      if (isRefusal(done)) {
        setError(done.message);
        return false;
      }
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const errorAt = (from: string) => (origin() === from ? error() : undefined);
  return { error, origin, errorAt, busy, run, clear: () => setError(undefined) };
}
