import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { consumeHandoff, HANDOFF_FAILED, setLoginNotice } from './providers/handoff';

/** `/horizon` (Vite's base without the trailing slash): history mode under the base path. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: BASENAME });

// Router state changes are committed at once, not as transitions: react-admin's logout resets its
// store right after navigating to /login, and that urgent update kept restarting the pending
// transition, so the router never left the protected page and logged out again and again.
// A page opened with a one-time handoff code (/pro/setManu?access_token=) gets its session first.
void consumeHandoff(BASENAME).then((ok) => {
  if (!ok) setLoginNotice(HANDOFF_FAILED);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>,
  );
});
