import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './utils/datetime';
import './styles/global.css';
import { serviceCookieName } from './api/client';
import { saveServiceSegment } from './api/session';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The very first call (GET /api/settings) already carries the Service header of this page.
saveServiceSegment(serviceCookieName(), window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
