// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
// them. Every panel is in the server HTML; the unselected ones are hidden.
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

export function Tabs({ tabs, label, defaultId, className }: { tabs: TabItem[]; label: string; defaultId?: string; className?: string }) {
  const base = useId();
  const [selected, setSelected] = useState(defaultId ?? tabs[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(e: KeyboardEvent, i: number) {
    const n = nextTabIndex(e.key, i, tabs.length);
    if (n === null) return;
    e.preventDefault();
    setSelected(tabs[n]!.id);
    refs.current[n]?.focus();
  }
  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={selected === t.id}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={selected === t.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
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
