import { onCleanup, onMount } from 'solid-js';
import type { JSX } from 'solid-js';

let counter = 0;

/**
 * A bottom sheet over the panel: modal, labelled by its title, closed by Escape, the close button or a
 * tap outside. Focus moves into it when it opens and back to where it was when it closes.
 */
export function Dialog(props: { title: string; onClose: () => void; children: JSX.Element }) {
  const id = `dialog-${++counter}`;
  let box: HTMLDivElement | undefined;
  const previous = document.activeElement as HTMLElement | null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') props.onClose();
  };
  onMount(() => {
    document.addEventListener('keydown', onKey);
    (box?.querySelector('input, select, button:not(.close)') as HTMLElement | null)?.focus();
  });
  onCleanup(() => {
    document.removeEventListener('keydown', onKey);
    previous?.focus?.();
  });
  return (
    <div class="scrim" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="sheet" role="dialog" aria-modal="true" aria-labelledby={id} ref={(el) => (box = el)}>
        <div class="row spread">
          <h2 id={id}>{props.title}</h2>
          <button type="button" class="close" aria-label="Close" onClick={() => props.onClose()}>
            ✕
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}

/**
 * A question before a step the table cannot take back: what it does, then Cancel (first, so the dialog focuses
 * it and a stray Enter does nothing) and the step itself. The step runs before the dialog closes, while what
 * the dialog was opened for can still be read.
 */
export function ConfirmDialog(props: { title: string; confirm: string; onConfirm: () => void; onClose: () => void; children: JSX.Element }) {
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      {props.children}
      <div class="row">
        <button type="button" class="grow" onClick={() => props.onClose()}>Cancel</button>
        <button
          type="button"
          class="danger grow"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirm}
        </button>
      </div>
    </Dialog>
  );
}
