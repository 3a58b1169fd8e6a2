import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// The build prerendered this page's HTML for exactly this address (data-prerendered): React takes it over as it is
// (hydration). For any other address (another case, a query string) the page is rendered afresh.
const prerenderedFor = root.dataset.prerendered;
const isPrerendered =
  prerenderedFor !== undefined && prerenderedFor === window.location.pathname + window.location.search;

// The first render as a transition: React renders it in slices of a few milliseconds, so a slow phone stays
// responsive while the page is built (no long task); the prerendered page or index.html's static bar is on
// screen meanwhile.
startTransition(() => {
  if (isPrerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
