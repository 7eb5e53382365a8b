import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The console arrives with the bridge and console issues; until then the page says so plainly.
function Placeholder() {
  return (
    <main>
      <h1>Packbench</h1>
      <p>The console is being built. The sandbox API runs with `npm run sandbox`.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
