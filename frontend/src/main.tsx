import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

/** `/horizon` (Vite's base without the trailing slash): history mode under the base path. */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
