import type { ReactNode } from 'react';
import { useIsHydrating } from '../../lib/use-browser-value';

/**
 * A prerendered part of a page is on screen before its code has run: typing or clicking in it then would be lost
 * (React takes over the HTML as the build rendered it). Until React has taken this part over, it is inert: it can be
 * read but not used, and a click or a key goes nowhere rather than into a form that forgets it. Place it just inside
 * each Suspense boundary of a prerendered page, because each boundary is taken over on its own. Renders no box.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrating = useIsHydrating();
  return (
    <div inert={isHydrating} className="contents" data-hydration-gate="">
      {children}
    </div>
  );
}
