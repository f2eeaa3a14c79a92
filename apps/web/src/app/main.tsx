import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { AppProvider, initializeApp } from './provider.tsx';
import { AppRouter } from './router.tsx';

initializeApp();
// "/" asks for its first page of videos while React renders the shell (index.html preloads the module).
void import('../features/feed/api/early-feed.ts').then((m) => m.requestHomeFeedEarly());

// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread, so that request goes out as soon as its module is ready, not after the whole render.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <AppProvider>
      <AppRouter />
    </AppProvider>,
  ),
);
