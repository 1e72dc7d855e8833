import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startRouter } from './app/index.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The public pages come prerendered (apps/web/scripts/build.mjs): their markup is hydrated.
// Every other page comes as the empty index.html and is drawn here.
const hydrating = root.hasAttribute('data-prerendered');
void startRouter({ hydrating }).then((router) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser between components: the page it hydrates is
  // already on screen, and scrolling or a tap is not held up by one long task.
  if (hydrating) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
