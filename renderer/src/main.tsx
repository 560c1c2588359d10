import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { getState } from './store/store';
import './styles.css';

// what the page holds, for the end-to-end tests that look for leaks (nothing the page could not already read)
Object.assign(window, { tidemarkState: () => getState() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
