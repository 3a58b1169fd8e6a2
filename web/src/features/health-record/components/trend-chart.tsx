import { useId, useState } from 'react';
import { t } from '../../../lib/i18n';
import { formatDate } from '../../../lib/intl-format';

type TrendPoint = { at: string; value: number | null };

type TrendChartProps = {
  title: string;
  unit: string;
  points: TrendPoint[];
  /** The usual range, shaded: [low, high], either side open (null). */
  range: readonly [number | null, number | null];
  rangeLabel: string;
  /** How to print a value: '77%' for a probability, '148' for a lab value. */
  format?: (value: number) => string;
  /** Fixed axis bounds (a probability: 0 to 1). */
  domain?: readonly [number, number];
};

// About the width the chart is shown at (two to a row on wide screens), so 12-unit text reads as 12 px.
const W = 460;
const H = 230;
const PAD = { left: 48, right: 16, top: 28, bottom: 40 };
/** Points keep clear of the axis and the edges, so their markers and date labels are never cut. */
const INSET = 48;

const dateLabel = (iso: string) =>
  formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function isInRange(value: number, [low, high]: readonly [number | null, number | null]) {
  return (low === null || value >= low) && (high === null || value <= high);
}

/**
 * A value over time as plain SVG: the usual range is a hatched band with its label; each point is a marker
 * with its value written beside it, a circle inside the range and a triangle outside, so the chart reads
 * without colour. The same data is one click away as a table.
 */
export function TrendChart({ title, unit, points, range, rangeLabel, format = String, domain }: TrendChartProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [isTable, setIsTable] = useState(false);
  // Oldest first on the time axis.
  const ordered = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const measured = ordered.filter((p): p is { at: string; value: number } => p.value !== null);

  const values = measured.map((p) => p.value);
  const bounds = [...values, ...(range.filter((v) => v !== null) as number[])];
  let [yMin, yMax] = domain ?? [Math.min(...bounds), Math.max(...bounds)];
  if (!domain) {
    const pad = (yMax - yMin || Math.abs(yMax) || 1) * 0.15;
    yMin -= pad;
    yMax += pad;
  }
  const times = ordered.map((p) => Date.parse(p.at));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (at: string, index: number) =>
    t1 === t0
      ? PAD.left + ((W - PAD.left - PAD.right) * (index + 0.5)) / ordered.length
      : PAD.left + INSET + ((Date.parse(at) - t0) / (t1 - t0)) * (W - PAD.left - PAD.right - 2 * INSET);
  const y = (v: number) => PAD.top + (1 - (v - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);
  const clampY = (v: number) => Math.min(H - PAD.bottom, Math.max(PAD.top, y(v)));

  const bandTop = range[1] === null ? PAD.top : clampY(range[1]);
  const bandBottom = range[0] === null ? H - PAD.bottom : clampY(range[0]);
  const hasBand = range[0] !== null || range[1] !== null;
  const path = measured.map((p) => `${x(p.at, ordered.indexOf(p)).toFixed(1)},${y(p.value).toFixed(1)}`).join(' L ');
  const latest = measured.at(-1);
  const summary = latest
    ? t('account.chart.summary', {
        title,
        count: measured.length,
        value: format(latest.value),
        unit,
        range: rangeLabel,
      })
    : t('account.chart.summaryNone', { title, count: measured.length, range: rangeLabel });

  return (
    <figure className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <figcaption className="font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-600">({unit})</span>
        </figcaption>
        <button
          type="button"
          aria-pressed={isTable}
          onClick={() => setIsTable((v) => !v)}
          className="rounded-full px-3 py-1 text-sm font-semibold text-teal-800 underline underline-offset-4 hover:bg-teal-50"
        >
          {isTable ? t('account.chart.showChart') : t('account.chart.showTable')}
        </button>
      </div>
      {isTable ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{summary}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-3">
                {t('account.chart.date')}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t('account.chart.value', { unit })}
              </th>
              <th scope="col" className="py-1">
                {t('account.chart.range')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...ordered].reverse().map((p) => (
              <tr key={p.at} className="border-b border-slate-100">
                <td className="py-1 pr-3">{dateLabel(p.at)}</td>
                <td className="py-1 pr-3 font-semibold tabular-nums">
                  {p.value === null ? t('account.chart.notMeasured') : format(p.value)}
                </td>
                <td className="py-1">
                  {p.value === null
                    ? '—'
                    : isInRange(p.value, range)
                      ? t('account.chart.within')
                      : t('account.chart.outside')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
          <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="h-auto w-full">
            <defs>
              <pattern
                id={`${id}-hatch`}
                width="8"
                height="8"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="8" height="8" fill="#ccfbf1" />
                <line x1="0" y1="0" x2="0" y2="8" stroke="#5eead4" strokeWidth="3" />
              </pattern>
            </defs>
            {/* axes */}
            <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="#64748b" />
            <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="#64748b" />
            {[yMin, (yMin + yMax) / 2, yMax].map((v) => (
              <text key={v} x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#334155">
                {format(Number(v.toPrecision(3)))}
              </text>
            ))}
            {hasBand ? (
              <g>
                <rect
                  x={PAD.left}
                  y={bandTop}
                  width={W - PAD.left - PAD.right}
                  height={Math.max(0, bandBottom - bandTop)}
                  fill={`url(#${id}-hatch)`}
                  opacity="0.8"
                />
                <text
                  x={W - PAD.right - 4}
                  y={bandTop + 14}
                  textAnchor="end"
                  fontSize="12"
                  fill="#134e4a"
                  fontWeight="600"
                >
                  {t('account.chart.band')}
                </text>
              </g>
            ) : null}
            {measured.length > 1 ? <path d={`M ${path}`} fill="none" stroke="#0f766e" strokeWidth="2.5" /> : null}
            {measured.map((p) => {
              const cx = x(p.at, ordered.indexOf(p));
              const cy = y(p.value);
              const isWithin = isInRange(p.value, range);
              return (
                <g key={p.at}>
                  {isWithin ? (
                    <circle cx={cx} cy={cy} r="6" fill="#ffffff" stroke="#0f766e" strokeWidth="3" />
                  ) : (
                    <path
                      d={`M ${cx} ${cy - 8} L ${cx + 7} ${cy + 5} L ${cx - 7} ${cy + 5} Z`}
                      fill="#b91c1c"
                      stroke="#7f1d1d"
                      strokeWidth="1.5"
                    />
                  )}
                  <text x={cx} y={cy - 12} textAnchor="middle" fontSize="13" fontWeight="700" fill="#0f172a">
                    {format(p.value)}
                  </text>
                </g>
              );
            })}
            {ordered.map((p, i) => (
              <text key={p.at} x={x(p.at, i)} y={H - PAD.bottom + 18} textAnchor="middle" fontSize="12" fill="#334155">
                {dateLabel(p.at)}
              </text>
            ))}
          </svg>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
            <span>
              <span aria-hidden="true">○</span> {t('account.chart.legendWithin')}
            </span>
            <span>
              <span aria-hidden="true">▲</span> {t('account.chart.legendOutside')}
            </span>
            <span>{t('account.chart.legendBand', { range: rangeLabel })}</span>
          </p>
        </>
      )}
    </figure>
  );
}
