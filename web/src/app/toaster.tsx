import { Toaster } from 'react-hot-toast';

/**
 * Toast durations (docs/product.md#texts-and-timings): blank/error/custom 4 s, success 2 s, loading until
 * dismissed. react-hot-toast keeps at most 20 toasts (its store's toastLimit), which is the product's limit; toasts
 * live in an aria-live region. Errors are announced assertively.
 */
const TOAST_OPTIONS = {
  duration: 4000,
  blank: { duration: 4000 },
  custom: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
  error: { duration: 4000, ariaProps: { role: 'alert', 'aria-live': 'assertive' } },
  style: {
    maxWidth: '28rem',
    padding: '0.75rem 1rem',
    borderRadius: '0.75rem',
    color: '#0f172a',
    background: '#ffffff',
    boxShadow: '0 10px 25px -5px rgb(15 23 42 / 0.2), 0 0 0 1px rgb(15 23 42 / 0.08)',
    fontSize: '0.95rem',
    lineHeight: '1.4',
  },
} as const;

/** The app's toasts: top centre, the product's durations and look. Loaded with the first toast (lib/notify.ts). */
export default function AppToaster() {
  return <Toaster position="top-center" gutter={10} containerStyle={{ top: 16 }} toastOptions={TOAST_OPTIONS} />;
}
