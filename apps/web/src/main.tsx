import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { serviceCookieName } from './api/client';
import { hasSession, saveServiceSegment } from './api/session';
import { App } from './app/App';
import { preloadSignedInArea } from './app/guard/ProtectedArea';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The very first call (GET /api/settings) already carries the Service header of this page.
saveServiceSegment(serviceCookieName(), window.location.pathname);

// The signed-in area is a chunk of its own (issue 12); with a session it is fetched beside the settings.
if (hasSession()) preloadSignedInArea();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
