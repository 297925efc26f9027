// The dashboard's charts: plain SVG drawn on the server (no chart library, no script). Each chart
// is an image with a title and a description a screen reader reads, and its numbers are in a
// table under a "Show the numbers" disclosure. Colours come from the site's palette (tokens.css).
import { useId, type ReactNode } from 'react';
import './Charts.css';

/** Width of every chart's drawing, in SVG units; the SVG scales to its box. */
const W = 360;
const FONT = 11.5;

export interface Point {
  /** Full label (the table, the description). */
  label: string;
  /** Label under the axis; empty to leave a slot unlabelled. */
  tick: string;
  /** A second, smaller line under the tick (a year). */
  subTick?: string;
  value: number | null;
  /** Extra text for the table's third column (e.g. "3 of 12"). */
  note?: string;
}

/** A round upper bound for an axis and its step (1, 2, 5 × 10^n). */
function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const niceStep = Math.max(step, 1);
  return { top: Math.ceil(max / niceStep) * niceStep, step: niceStep };
}

function ChartFrame({
  title,
  summary,
  head,
  rows,
  children,
  height,
}: {
  title: string;
  summary: string;
  head: [string, string, string?];
  rows: [string, string, string?][];
  children: ReactNode;
  height: number;
}) {
  const id = useId();
  return (
    <figure className="c-chart">
      <figcaption>
        <h2 className="c-chart__title">{title}</h2>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="c-chart__svg" focusable="false">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {children}
      </svg>
      <details className="c-chart__data">
        <summary>Show the numbers</summary>
        {/* A narrow screen scrolls the table sideways instead of the page. */}
        <div className="c-chart__scroll" tabIndex={0} role="region" aria-label={`${title}: the numbers`}>
          <table className="c-table c-table--compact">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {head.filter(Boolean).map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r[0]}>
                  <th scope="row">{r[0]}</th>
                  <td>{r[1]}</td>
                  {head[2] ? <td>{r[2] ?? ''}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Columns over time (enquiries per week). */
export function ColumnChart({ title, summary, points, valueHead, nowLabel }: { title: string; summary: string; points: Point[]; valueHead: string; nowLabel?: string }) {
  const H = 206;
  const m = { l: 30, r: 6, t: 24, b: 26 };
  const max = Math.max(0, ...points.map((p) => p.value ?? 0));
  const { top, step } = niceScale(max);
  const plotW = W - m.l - m.r;
  const plotH = H - m.t - m.b;
  const slot = plotW / points.length;
  const bar = Math.min(22, slot * 0.62);
  const y = (v: number) => m.t + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  return (
    <ChartFrame title={title} summary={summary} head={['Week of', valueHead]} rows={points.map((p) => [p.label, String(p.value ?? 0)])} height={H}>
      <g className="c-chart__grid">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={m.l} x2={W - m.r} y1={y(t)} y2={y(t)} />
            <text x={m.l - 6} y={y(t)} dy="0.35em" textAnchor="end" fontSize={FONT}>
              {t}
            </text>
          </g>
        ))}
      </g>
      {points.map((p, i) => {
        const v = p.value ?? 0;
        const cx = m.l + slot * i + slot / 2;
        const last = i === points.length - 1;
        return (
          <g key={p.label}>
            {v > 0 ? <rect x={cx - bar / 2} y={y(v)} width={bar} height={Math.max(1, y(0) - y(v))} rx={3} className={last ? 'c-chart__bar c-chart__bar--now' : 'c-chart__bar'} /> : null}
            {v > 0 ? (
              <text x={cx} y={y(v) - 5} textAnchor="middle" fontSize={FONT - 1} className="c-chart__value">
                {v}
              </text>
            ) : null}
            {p.tick ? (
              <text x={cx} y={H - 8} textAnchor="middle" fontSize={FONT - 1} className="c-chart__tick">
                {p.tick}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={m.l} x2={W - m.r} y1={y(0)} y2={y(0)} className="c-chart__axis" />
      {nowLabel ? (
        <g aria-hidden="true">
          <rect x={W - m.r - 8} y={2} width={8} height={8} rx={2} className="c-chart__bar c-chart__bar--now" />
          <text x={W - m.r - 12} y={6} dy="0.35em" textAnchor="end" fontSize={FONT - 2} className="c-chart__tick">
            {nowLabel}
          </text>
        </g>
      ) : null}
    </ChartFrame>
  );
}

/** Horizontal bars of a breakdown (by status, by source). */
export function BarList({
  title,
  summary,
  items,
  valueHead,
  labelHead,
}: {
  title: string;
  summary: string;
  items: { label: string; value: number; tone: string }[];
  valueHead: string;
  labelHead: string;
}) {
  const row = 30;
  const H = items.length * row + 8;
  const labelW = 122;
  const max = Math.max(1, ...items.map((i) => i.value));
  const total = items.reduce((a, i) => a + i.value, 0);
  const barMax = W - labelW - 44;
  const pct = (v: number) => (total === 0 ? '0%' : `${Math.round((v / total) * 100)}%`);
  return (
    <ChartFrame title={title} summary={summary} head={[labelHead, valueHead, 'Share']} rows={items.map((i) => [i.label, String(i.value), pct(i.value)])} height={H}>
      {items.map((it, i) => {
        const yTop = 4 + i * row;
        const w = it.value === 0 ? 0 : Math.max(3, (it.value / max) * barMax);
        return (
          <g key={it.label}>
            <text x={labelW - 10} y={yTop + row / 2} dy="0.35em" textAnchor="end" fontSize={FONT} className="c-chart__label">
              {it.label}
            </text>
            <rect x={labelW} y={yTop + 6} width={barMax} height={row - 12} rx={4} className="c-chart__track" />
            {w > 0 ? <rect x={labelW} y={yTop + 6} width={w} height={row - 12} rx={4} className={`c-chart__bar c-tone--${it.tone}`} /> : null}
            <text x={labelW + w + 6} y={yTop + row / 2} dy="0.35em" fontSize={FONT} className="c-chart__value">
              {it.value}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** A rate over time (0–100 %), a line with a point per period; periods without data leave a gap. */
export function RateChart({ title, summary, points, valueHead, noteHead }: { title: string; summary: string; points: Point[]; valueHead: string; noteHead: string }) {
  const H = 210;
  const m = { l: 38, r: 10, t: 16, b: 36 };
  const plotW = W - m.l - m.r;
  const plotH = H - m.t - m.b;
  const slot = plotW / points.length;
  const x = (i: number) => m.l + slot * i + slot / 2;
  const y = (v: number) => m.t + plotH - v * plotH;
  const segments: string[] = [];
  let current = '';
  points.forEach((p, i) => {
    if (p.value === null) {
      if (current) segments.push(current);
      current = '';
    } else current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const fmt = (v: number | null) => (v === null ? 'No enquiries' : `${Math.round(v * 100)}%`);
  return (
    <ChartFrame title={title} summary={summary} head={['Month', valueHead, noteHead]} rows={points.map((p) => [p.label, fmt(p.value), p.note ?? ''])} height={H}>
      <g className="c-chart__grid">
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line x1={m.l} x2={W - m.r} y1={y(t)} y2={y(t)} />
            <text x={m.l - 6} y={y(t)} dy="0.35em" textAnchor="end" fontSize={FONT}>
              {Math.round(t * 100)}%
            </text>
          </g>
        ))}
      </g>
      {segments.map((d, i) => (
        <path key={i} d={d} className="c-chart__line" />
      ))}
      {points.map((p, i) =>
        p.value === null ? null : (
          <g key={p.label}>
            <circle cx={x(i)} cy={y(p.value)} r={3.5} className="c-chart__dot" />
          </g>
        ),
      )}
      {points.map((p, i) =>
        p.tick ? (
          <text key={`t-${p.label}`} x={x(i)} y={H - 19} textAnchor="middle" fontSize={FONT - 1} className="c-chart__tick">
            {p.tick}
            {p.subTick ? (
              <tspan x={x(i)} dy="1.25em" fontSize={FONT - 2.5}>
                {p.subTick}
              </tspan>
            ) : null}
          </text>
        ) : null,
      )}
      <line x1={m.l} x2={W - m.r} y1={y(0)} y2={y(0)} className="c-chart__axis" />
    </ChartFrame>
  );
}
