import { useEffect, useRef, type ReactNode } from 'react';

let hasShownFirstPage = false;

/**
 * The page's h1. After a client-side navigation it takes focus, so keyboard and screen-reader users start
 * at the new page instead of wherever the old one left them; on the first page load it does not.
 */
export function PageHeading({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasShownFirstPage) ref.current?.focus({ preventScroll: true });
    hasShownFirstPage = true;
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </h1>
  );
}
