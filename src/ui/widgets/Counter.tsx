import { Show } from 'solid-js';

/**
 * A number with − and + buttons, one tap each. `unit` gives the accessible names ("Add 1 trade good",
 * "Remove 1 trade good"); read-only when no handlers are given (another seat's panel).
 */
export function Counter(props: {
  label: string;
  value: number;
  unit: string;
  onAdd?: () => void;
  onRemove?: () => void;
  hint?: string;
}) {
  return (
    <div class="counter" role="group" aria-label={props.label}>
      <span class="counter-label">
        {props.label}
        <Show when={props.hint}>
          <span class="muted small"> {props.hint}</span>
        </Show>
      </span>
      <Show when={props.onRemove}>
        {(remove) => (
          <button type="button" class="step" aria-label={`Remove 1 ${props.unit}`} onClick={() => remove()()}>
            −
          </button>
        )}
      </Show>
      <output class="counter-value" aria-label={`${props.label}: ${props.value}`}>{props.value}</output>
      <Show when={props.onAdd}>
        {(add) => (
          <button type="button" class="step" aria-label={`Add 1 ${props.unit}`} onClick={() => add()()}>
            +
          </button>
        )}
      </Show>
    </div>
  );
}

/** A small − value + control for a number inside a form (not written until the form is confirmed). */
export function Stepper(props: { label: string; value: number; min?: number; max?: number; unit: string; onChange: (n: number) => void }) {
  const min = () => props.min ?? 0;
  const max = () => props.max ?? 99;
  return (
    <div class="counter" role="group" aria-label={props.label}>
      <span class="counter-label">{props.label}</span>
      <button type="button" class="step" aria-label={`${props.label}: one ${props.unit} fewer`} disabled={props.value <= min()} onClick={() => props.onChange(props.value - 1)}>
        −
      </button>
      <output class="counter-value" aria-label={`${props.label}: ${props.value}`}>{props.value}</output>
      <button type="button" class="step" aria-label={`${props.label}: one ${props.unit} more`} disabled={props.value >= max()} onClick={() => props.onChange(props.value + 1)}>
        +
      </button>
    </div>
  );
}
