import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { AppProvider, initializeApp } from './provider.tsx';
import { AppRouter } from './router.tsx';

initializeApp();

createRoot(document.getElementById('root')!).render(
  <AppProvider>
    <AppRouter />
  </AppProvider>,
);
