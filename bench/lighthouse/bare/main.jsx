// The yardstick of bench:lighthouse: the least a page made with the app's framework can do
// (React DOM's first render of one heading), built by the app's own Vite setup
// (bench/lighthouse/bare.mjs) and served by the app's own server, so a screen's main-thread
// time divided by this page's, taken in the same run, does not depend on the machine's speed.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <main>
      <h1>Bare page</h1>
    </main>
  </StrictMode>,
);
