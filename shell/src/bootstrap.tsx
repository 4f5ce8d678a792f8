import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startShell } from './app';
import './theme/tokens.css';
import '@outpost/ui/kit.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first render waits (briefly, see startup/first-screen.ts) for what the first screen shows,
// so it is drawn once, whole.
void startShell().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
