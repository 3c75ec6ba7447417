import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { SessionProviders } from './app/session-providers';
import { announceReferencesAsText } from './ui/announce';
import './styles/tokens.css';
import './styles/base.css';

// React Aria's own announcements of a pending button point at the button; they are read as text.
announceReferencesAsText();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <SessionProviders>
      <App />
    </SessionProviders>
  </StrictMode>,
);
