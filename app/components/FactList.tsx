// An item's facts at the top of its page (a guide's role and languages, a vehicle's kind and
// seats): a description list, each fact a label and its value.
import type { ReactNode } from 'react';

export function FactList({ className, facts }: { className: string; facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
