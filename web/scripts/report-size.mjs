// Prints the gzip size of the JavaScript a browser downloads before the first screen shows:
// the entry and its static imports, then with the lazy chunks of the landing page and of the
// signed-in dashboard. Fails when the entry alone is over budget.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 250
const dist = new URL('../dist/', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(1)

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue
    seen.add(key)
    closure(manifest[key].imports ?? [], seen)
  }
  return seen
}

const jsSize = (keys) => [...keys].reduce((sum, key) => sum + gzip(manifest[key].file), 0)
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const lazyKey = (name) => Object.keys(manifest).find((key) => key.endsWith(name))
const entry = closure([entryKey])
const css = manifest[entryKey].css ?? []
const cssSize = css.reduce((sum, file) => sum + gzip(file), 0)

const rows = [
  ['entry (before any screen)', entry],
  ['landing page', closure([entryKey, lazyKey('src/app/unauthenticated-app.tsx')])],
  [
    'signed-in dashboard',
    closure([entryKey, lazyKey('src/app/authenticated-app.tsx'), lazyKey('src/app/routes/dashboard.tsx')]),
  ],
]
for (const [label, keys] of rows) console.log(`First-load JS, ${label}: ${kb(jsSize(keys))} KB gzip`)
console.log(`CSS: ${kb(cssSize)} KB gzip. Budget: ${BUDGET_KB} KB gzip of JS per first screen.`)

const worst = Math.max(...rows.map(([, keys]) => jsSize(keys)))
if (worst > BUDGET_KB * 1024) {
  console.error(`Over budget: ${kb(worst)} KB`)
  process.exit(1)
}
