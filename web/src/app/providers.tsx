import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ApiError } from '../lib/api-client';

/** Retries only what a retry can fix: the network, or a server error. A 4xx answer will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof ApiError && (error.isNetworkError || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-center" gutter={10} containerStyle={{ top: 16 }} toastOptions={TOAST_OPTIONS} />
    </QueryClientProvider>
  );
}
