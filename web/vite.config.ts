import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The contract workspace resolves to its TypeScript sources; only its types and the
  // plain route table reach the browser, never zod.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
