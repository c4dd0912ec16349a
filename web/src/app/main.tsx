import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../lib/query-client';
import { prefetchFirstPage } from './prefetch';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import './styles.css';

prefetchFirstPage(queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
