// The fields two people both changed, side by side after a conflict (app/routes/admin/content-edit.tsx):
// a fieldset a field, with its two values and the choice "Keep mine" / "Keep theirs". The radio
// buttons belong to the editor's form (its id, content-form), so choosing works without JavaScript;
// the value of each side describes its radio button.
import type { ConflictField } from '../../../common/content-editing.ts';

export type MergeChoice = 'mine' | 'theirs';

function Side({ field, side, label, value, chosen }: { field: ConflictField; side: MergeChoice; label: string; value: string; chosen: boolean }) {
  const id = `merge-${side}-${field.name}`;
  return (
    <div className={`c-merge__side c-merge__side--${side}`}>
      <p className="c-merge__who" aria-hidden="true">
        {side === 'mine' ? 'Yours' : 'Theirs'}
      </p>
      <div className="c-merge__value" id={`${id}-value`} tabIndex={0} role="region" aria-label={`${field.label}: ${side === 'mine' ? 'your version' : 'their version'}`}>
        {value ? <pre>{value}</pre> : <p className="c-muted">(empty)</p>}
      </div>
      <label className="c-merge__choice" htmlFor={id}>
        <input type="radio" id={id} name={`choose.${field.name}`} value={side} form="content-form" required defaultChecked={chosen} aria-describedby={`${id}-value`} />
        {label}
      </label>
    </div>
  );
}

export function MergeChoices({ fields, choices, by }: { fields: readonly ConflictField[]; choices: Record<string, MergeChoice>; by: string }) {
  return (
    <div className="c-merge">
      {fields.map((f) => (
        <fieldset key={f.name} className="c-merge__field">
          <legend>{f.label}</legend>
          <div className="c-merge__pair">
            <Side field={f} side="mine" label="Keep mine" value={f.mine} chosen={choices[f.name] === 'mine'} />
            <Side field={f} side="theirs" label={`Keep theirs (${by})`} value={f.theirs} chosen={choices[f.name] === 'theirs'} />
          </div>
        </fieldset>
      ))}
    </div>
  );
}
