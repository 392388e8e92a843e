import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { signInMessages } from './build/sign-in-messages.ts';

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
    // What the first page loads before anything is imported on demand (src/main.tsx and what it
    // imports statically, as the bundler includes them) goes into one chunk beside the entry,
    // rather than the two dozen small chunks cut along what the console shares with it: the page
    // waits for a couple of scripts, and the console finds the same modules in that chunk.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'signin', tags: ['$initial'] }] } } },
  },
  server: { port: 9527 },
}));
