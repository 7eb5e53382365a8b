import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBridgeClient } from './bridge';
import { StatusPage } from './status-page';
import './status-page.css';

// One client for the page's life: it takes the session token from the address bar at once.
const client = createBridgeClient();

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <StatusPage client={client} />
    </StrictMode>,
  );
