/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * The stylesheet first in the page's head, before the scripts Vite lists there: the server
 * answers the requests in the order the browser makes them, and the page's first paint waits
 * for the stylesheet alone (the scripts run after it), so a phone paints the page sooner.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'merit-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheet = /\s*<link rel="stylesheet"[^>]*>/g
        const sheets = html.match(sheet) ?? []
        const rest = html.replace(sheet, '')
        const at = rest.search(/\s*<script type="module"/)
        if (!sheets.length || at < 0) return html
        return rest.slice(0, at) + sheets.join('') + rest.slice(at)
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetFirst()],
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
    // One jsdom and one module graph per worker, not per file: building them for each of 90
    // files was three quarters of the suite's CPU (270 s against 75 s on 2 cores). The shared
    // state is reset after every test in src/test/setup.ts; the suite also passes shuffled.
    isolate: false,
    // Whole-flow tests type into several forms; jsdom is slow when all files run in parallel.
    testTimeout: 20_000,
  },
})
