import { For } from 'solid-js';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

/** A row of tabs (WAI-ARIA tabs pattern): the selected one controls the panel with id `panel-<id>`. */
export function Tabs<T extends string>(props: { tabs: readonly TabDef<T>[]; selected: T; onSelect: (id: T) => void; label: string }) {
  const move = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = props.tabs[(index + step + props.tabs.length) % props.tabs.length];
    if (next) {
      props.onSelect(next.id);
      document.getElementById(`tab-${next.id}`)?.focus();
    }
  };
  return (
    <div class="tabs" role="tablist" aria-label={props.label}>
      <For each={props.tabs}>
        {(tab, i) => (
          <button
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={props.selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={props.selected === tab.id ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
            onKeyDown={(e) => move(e, i())}
          >
            {tab.label}
          </button>
        )}
      </For>
    </div>
  );
}
