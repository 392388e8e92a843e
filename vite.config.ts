import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { signInMessages } from './build/sign-in-messages';

// `vite --mode mock` (npm run dev) bundles the in-browser mock back-end;
// every other build talks to the real server over HTTP.
export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), signInMessages(import.meta.dirname)],
  define: {
    'import.meta.env.VITE_MOCK': JSON.stringify(mode === 'mock' ? 'true' : 'false'),
  },
  build: {
    outDir: mode === 'mock' ? 'dist-mock' : 'dist',
    chunkSizeWarningLimit: 2000,
    manifest: true,
  },
  server: { port: 9527 },
}));
