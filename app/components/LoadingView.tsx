// The loading view: an elephant walking on the spot, drawn in SVG and animated in CSS.
import '../styles/loading.css';
import { useT } from '../i18n/index.ts';

/** One leg: a rounded bar, swung in its turn by the CSS. */
function Leg({ at, x, y, width, height }: { at: string; x: number; y: number; width: number; height: number }) {
  return (
    <g className={`elephant__leg elephant__leg--${at}`}>
      <rect x={x} y={y} width={width} height={height} rx="7" />
    </g>
  );
}

export function LoadingView() {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <div className="loading__card">
        <svg className="elephant" viewBox="0 0 200 140" width="200" height="140" aria-hidden="true" focusable="false">
          <g className="elephant__body">
            <Leg at="back-far" x={52} y={82} width={17} height={40} />
            <Leg at="front-far" x={112} y={82} width={17} height={40} />
            <path className="elephant__tail" d="M38 66c-8 4-11 12-9 22" />
            <path d="M40 70c0-24 22-40 54-40 26 0 44 10 50 28 3 10 1 24-6 30-8 6-24 8-44 8-30 0-54-4-54-26Z" />
            <Leg at="back-near" x={64} y={84} width={18} height={42} />
            <Leg at="front-near" x={124} y={84} width={18} height={42} />
            <g className="elephant__head">
              <path d="M132 40c10-14 34-14 42 2 5 10 4 20-2 28-3 4-5 9-5 15v24c0 6-3 9-7 9s-6-3-5-8l2-20c-8 2-16-2-20-10Z" />
              <path className="elephant__ear" d="M140 42c-10-2-20 6-20 20 0 12 8 20 18 20 6 0 10-5 10-12V50c0-4-3-7-8-8Z" />
              <circle className="elephant__eye" cx="160" cy="50" r="2.6" />
              <path className="elephant__tusk" d="M166 72c6 2 12 1 16-4" />
            </g>
          </g>
          <path className="elephant__ground" d="M10 130h180" />
        </svg>
        <p className="loading__text">{t('loading.text')}</p>
      </div>
    </div>
  );
}
