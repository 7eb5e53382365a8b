/**
 * Entry point. The bridge client is created before anything renders: it takes the session
 * token out of the URL fragment, so the hash router starts on a clean "#/…" location.
 */
// First: zod must be jitless before any schema is built (see the file).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createBridgeClient } from './bridge';
import { applyAppearance, rememberedAppearance } from './features/preferences/apply-preferences';
import { createQueryClient } from './query/query-client';
import './styles/app.css';

const client = createBridgeClient();
const queryClient = createQueryClient();

// Paint in last run's theme until the settings file has been read.
const remembered = rememberedAppearance();
if (remembered) applyAppearance(document.documentElement, remembered);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App client={client} queryClient={queryClient} />
    </StrictMode>,
  );
