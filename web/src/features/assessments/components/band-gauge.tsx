import type { Band } from '../format';
import { bandLabel } from '../format';

export type GaugeZone = { band: Band; from: number; to: number; range: string };

/**
 * Colour and pattern both tell the zones apart (plain, stripes, cross-hatch), and every zone is named in
 * words, so the gauge reads the same without colour and in print.
 */
const ZONE_STYLE: Record<Band, string> = {
  low: 'bg-emerald-200',
  moderate: 'bg-amber-300 bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(120_53_15/0.28)_6px_8px)]',
  high: 'bg-red-300 bg-[repeating-linear-gradient(45deg,transparent_0_5px,rgb(127_29_29/0.35)_5px_7px),repeating-linear-gradient(135deg,transparent_0_5px,rgb(127_29_29/0.35)_5px_7px)]',
};

const SWATCH: Record<Band, string> = {
  low: ZONE_STYLE.low,
  moderate: ZONE_STYLE.moderate,
  high: ZONE_STYLE.high,
};

type BandGaugeProps = {
  /** Zones covering [min, max] in order. */
  zones: readonly GaugeZone[];
  min: number;
  max: number;
  value: number;
  /** What the marker says: '23%', 'Score 9'. */
  valueText: string;
  /** The whole gauge in one sentence, for screen readers. */
  label: string;
};

/** A horizontal scale split into bands, with a marker at the result. */
export function BandGauge({ zones, min, max, value, valueText, label }: BandGaugeProps) {
  const span = max - min || 1;
  const position = Math.min(100, Math.max(0, ((value - min) / span) * 100));
  // The marker's text stays inside the gauge near either end.
  const labelShift = position < 12 ? '0%' : position > 88 ? '-100%' : '-50%';
  return (
    <figure className="w-full">
      <div role="img" aria-label={label} className="relative pt-9">
        <div
          className="absolute top-0 whitespace-nowrap"
          style={{ left: `${position}%`, transform: `translateX(${labelShift})` }}
        >
          <span className="rounded-md bg-slate-900 px-2 py-1 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900">
            {valueText}
          </span>
        </div>
        <div className="flex h-6 w-full overflow-hidden rounded-full ring-1 ring-slate-400 print:[print-color-adjust:exact]">
          {zones.map((zone) => (
            <div
              key={zone.band}
              className={`flex h-full items-center justify-center overflow-hidden border-r border-white/70 text-[0.7rem] font-bold tracking-wide text-slate-900 uppercase last:border-r-0 ${ZONE_STYLE[zone.band]}`}
              style={{ width: `${((zone.to - zone.from) / span) * 100}%` }}
            >
              {(zone.to - zone.from) / span >= 0.14 ? (
                <span className="rounded bg-white/75 px-1">{bandLabel(zone.band)}</span>
              ) : null}
            </div>
          ))}
        </div>
        <div
          className="absolute top-7 bottom-[-0.35rem] w-1 -translate-x-1/2 rounded-full bg-slate-900 ring-2 ring-white"
          style={{ left: `${position}%` }}
        />
      </div>
      <figcaption className="mt-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          {zones.map((zone) => (
            <li key={zone.band} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`inline-block h-3.5 w-6 rounded-sm ring-1 ring-slate-400 ${SWATCH[zone.band]}`}
              />
              <span>
                <strong className="font-semibold text-slate-900">{bandLabel(zone.band)}</strong>: {zone.range}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
