// The studio's entry: the language table first (every page reads it), theme before the first paint, then the app.
import './languageTable.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app.css';
import { initTheme } from './lib/theme.js';
import { App } from './App.js';

initTheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
