import { createContext, useContext } from 'react';

/**
 * True inside a page that is fading out after a navigation. Such a page is inert and hidden from assistive
 * technology, and its fields let go of their labels, so the only "Email" field anyone can find is the
 * new page's one.
 */
export const PageLeavingContext = createContext(false);

export function useIsPageLeaving(): boolean {
  return useContext(PageLeavingContext);
}
