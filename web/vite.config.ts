/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:8000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/report-size.mjs to add up what each first screen downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk for the icons rather than one per icon shared by two screens: a phone
          // on a slow network pays a round trip for each file a screen needs.
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Whole-flow tests type into several forms; jsdom is slow when all files run in parallel.
    testTimeout: 20_000,
  },
})
