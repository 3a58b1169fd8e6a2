import type { TestSlug } from '@medibuddy/contracts/catalogue';
import type { ReactNode } from 'react';

/**
 * A small drawing per test, inline SVG (no image files, no network). Decorative: the test's name is always
 * written beside it.
 */
const TILE: Record<TestSlug, string> = {
  skin: 'from-orange-100 to-amber-50',
  'diabetic-retinopathy': 'from-rose-100 to-orange-50',
  'ct-scan': 'from-slate-200 to-sky-50',
  diabetes: 'from-sky-100 to-teal-50',
  cataract: 'from-indigo-100 to-sky-50',
  'blood-test': 'from-red-100 to-rose-50',
  cardio: 'from-rose-100 to-pink-50',
  liver: 'from-amber-100 to-orange-50',
  'kidney-stone': 'from-violet-100 to-fuchsia-50',
  heart: 'from-red-100 to-rose-50',
};

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const DRAWINGS: Record<TestSlug, ReactNode> = {
  // A patch of skin with a mole under a magnifying glass.
  skin: (
    <>
      <path d="M8 46c6-4 12-4 18 0s12 4 18 0 8-3 12-2v12H8z" className="fill-orange-300" />
      <circle cx="27" cy="26" r="13" className="fill-white stroke-orange-900" strokeWidth="3" />
      <circle cx="25" cy="24" r="4.5" className="fill-amber-800" />
      <circle cx="31" cy="30" r="2" className="fill-amber-700" />
      <path d="M36.5 35.5 47 46" className="stroke-orange-900" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  // An eye whose retina shows branching vessels and small spots.
  'diabetic-retinopathy': (
    <>
      <path
        d="M6 32c7-11 16-17 26-17s19 6 26 17c-7 11-16 17-26 17S13 43 6 32z"
        className="fill-white stroke-rose-900"
        strokeWidth="2.5"
      />
      <circle cx="32" cy="32" r="12" className="fill-orange-400" />
      <g className="text-red-800" {...STROKE} strokeWidth={1.6}>
        <path d="M32 32l-7-6M32 32l8-5M32 32l-6 8M32 32l7 7" />
      </g>
      <circle cx="32" cy="32" r="3" className="fill-amber-100" />
      <circle cx="26" cy="35" r="1.3" className="fill-red-900" />
      <circle cx="38" cy="29" r="1.3" className="fill-red-900" />
    </>
  ),
  // A CT scanner ring with its patient table.
  'ct-scan': (
    <>
      <circle cx="32" cy="28" r="19" className="fill-slate-300" />
      <circle cx="32" cy="28" r="10" className="fill-sky-50" />
      <rect x="6" y="43" width="52" height="6" rx="3" className="fill-sky-700" />
      <rect x="24" y="49" width="16" height="7" className="fill-slate-400" />
      <circle cx="45" cy="16" r="2" className="fill-emerald-500" />
    </>
  ),
  // A drop of blood beside a glucose meter.
  diabetes: (
    <>
      <rect x="26" y="12" width="28" height="40" rx="6" className="fill-sky-700" />
      <rect x="31" y="18" width="18" height="12" rx="2" className="fill-sky-50" />
      <path d="M34 24h3l2-3 2 6 2-3h3" className="text-sky-800" {...STROKE} strokeWidth={1.6} />
      <circle cx="40" cy="42" r="4" className="fill-sky-300" />
      <path d="M15 20c5 7 8 11 8 16a8 8 0 0 1-16 0c0-5 3-9 8-16z" className="fill-red-600" />
    </>
  ),
  // An eye with a clouded lens.
  cataract: (
    <>
      <path
        d="M6 32c7-11 16-17 26-17s19 6 26 17c-7 11-16 17-26 17S13 43 6 32z"
        className="fill-white stroke-indigo-900"
        strokeWidth="2.5"
      />
      <circle cx="32" cy="32" r="12" className="fill-indigo-500" />
      <circle cx="32" cy="32" r="6.5" className="fill-slate-200" />
      <circle cx="30" cy="30" r="3" className="fill-white" opacity="0.9" />
    </>
  ),
  // Two sample tubes.
  'blood-test': (
    <>
      <g className="text-slate-700" {...STROKE}>
        <path d="M20 8v40a6 6 0 0 0 12 0V8M17 8h18" />
        <path d="M38 14v34a6 6 0 0 0 12 0V14M35 14h18" />
      </g>
      <path d="M21.3 28h9.4v20a4.7 4.7 0 0 1-9.4 0z" className="fill-red-600" />
      <path d="M39.3 34h9.4v14a4.7 4.7 0 0 1-9.4 0z" className="fill-amber-400" />
    </>
  ),
  // A heart with blood vessels branching from it.
  cardio: (
    <>
      <path d="M32 54S8 40 8 23a12 12 0 0 1 24-3 12 12 0 0 1 24 3c0 17-24 31-24 31z" className="fill-rose-500" />
      <g className="text-rose-900" {...STROKE} strokeWidth={2}>
        <path d="M22 18v-8M22 10l-5-4M22 10l5-4M42 18v-8M42 10l5-4" />
      </g>
      <path d="M19 30c5 2 9 7 11 13" className="text-rose-200" {...STROKE} strokeWidth={2} />
    </>
  ),
  // A liver.
  liver: (
    <>
      <path
        d="M8 26c0-8 8-12 20-12 12 0 28 2 28 10 0 7-6 10-12 14-6 5-12 12-20 12C14 50 8 38 8 26z"
        className="fill-amber-700"
      />
      <path d="M33 15c-1 9 0 20 3 29" className="text-amber-950" {...STROKE} strokeWidth={2} />
      <path d="M14 24c4-3 9-4 14-4" className="text-amber-200" {...STROKE} strokeWidth={2} />
    </>
  ),
  // A kidney with a small stone in its ureter.
  'kidney-stone': (
    <>
      <path
        d="M30 10c-12 0-20 10-20 22s8 22 20 22c7 0 10-5 8-10-2-4-6-6-6-12s4-8 6-12c2-5-1-10-8-10z"
        className="fill-violet-500"
      />
      <path d="M34 32h8c4 0 6 3 6 7v17" className="text-violet-900" {...STROKE} strokeWidth={3} />
      <path d="M45 45l3-2 3 2-1 4h-4z" className="fill-amber-500 stroke-amber-800" strokeWidth="1" />
    </>
  ),
  // A heart with a pulse line.
  heart: (
    <>
      <path d="M32 54S8 40 8 23a12 12 0 0 1 24-3 12 12 0 0 1 24 3c0 17-24 31-24 31z" className="fill-red-600" />
      <path d="M6 32h12l4-8 6 16 5-12 3 4h22" className="text-white" {...STROKE} strokeWidth={3} />
    </>
  ),
};

export function TestIllustration({ slug, className = 'size-16 rounded-2xl' }: { slug: TestSlug; className?: string }) {
  return (
    <span
      className={`inline-flex items-center justify-center bg-gradient-to-br ${TILE[slug]} ${className}`}
      aria-hidden="true"
    >
      <svg viewBox="0 0 64 64" className="size-4/5" focusable="false">
        {DRAWINGS[slug]}
      </svg>
    </span>
  );
}
