// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
// them. Every panel is in the server HTML; the unselected ones are hidden. The tab buttons' focus
// and keys (useTabButtons) serve the navigation's mega panels too (layout/NavPanels.tsx).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/** The index a key press moves to, or null when the key is not a tab-moving key. */
export function nextTabIndex(key: string, current: number, count: number, orientation: 'horizontal' | 'vertical' = 'horizontal'): number | null {
  const back = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const fwd = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  if (key === fwd) return (current + 1) % count;
  if (key === back) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The props of a tab list's buttons (roving tabindex): the selected tab alone is in the tab order,
 * and a tab-moving key focuses the tab it moves to and selects it. A vertical list also takes the
 * left and right arrows.
 */
export function useTabButtons(count: number, select: (i: number) => void, orientation: 'horizontal' | 'vertical' = 'horizontal') {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(e: KeyboardEvent, i: number) {
    const n = nextTabIndex(e.key, i, count, orientation) ?? (orientation === 'vertical' ? nextTabIndex(e.key, i, count) : null);
    if (n === null) return;
    e.preventDefault();
    refs.current[n]?.focus();
    select(n);
  }
  return (i: number, { id, controls, selected }: { id: string; controls: string; selected: boolean }) => ({
    ref: (el: HTMLButtonElement | null) => {
      refs.current[i] = el;
    },
    type: 'button' as const,
    role: 'tab',
    id,
    'aria-selected': selected,
    'aria-controls': controls,
    tabIndex: selected ? 0 : -1,
    onKeyDown: (e: KeyboardEvent) => onKeyDown(e, i),
  });
}

export function Tabs({ tabs, label, defaultId, className }: { tabs: TabItem[]; label: string; defaultId?: string; className?: string }) {
  const base = useId();
  const [selected, setSelected] = useState(defaultId ?? tabs[0]?.id);
  const tab = useTabButtons(tabs.length, (n) => setSelected(tabs[n]!.id));
  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((t, i) => (
          <button key={t.id} {...tab(i, { id: `${base}-tab-${t.id}`, controls: `${base}-panel-${t.id}`, selected: selected === t.id })} className="tabs__tab" onClick={() => setSelected(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div key={t.id} role="tabpanel" id={`${base}-panel-${t.id}`} aria-labelledby={`${base}-tab-${t.id}`} hidden={selected !== t.id} tabIndex={0} className="tabs__panel">
          {t.content}
        </div>
      ))}
    </div>
  );
}
