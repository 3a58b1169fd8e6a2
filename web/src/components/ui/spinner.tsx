import { t } from '../../lib/i18n';

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg
      className={`${className} animate-spin motion-reduce:animate-none`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A page-sized wait: announced politely, shown only after a beat so fast loads do not flash. */
export function PageLoading({ label = t('loading') }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-teal-800">
      <div className="flex items-center gap-3 opacity-0 animate-[fade-in_0.2s_ease-out_0.3s_forwards] motion-reduce:opacity-100">
        <Spinner className="size-6" />
        <span className="text-base">{label}</span>
      </div>
    </div>
  );
}
