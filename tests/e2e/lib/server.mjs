// Server-side steps a browser cannot trigger: run a worker job now, the way the worker would,
// against the same data directory as the server under test (MERIT_DATA_DIR, from server.sh).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { DATA_DIR, ORG, REPO_ROOT } from './env.mjs'

const run = promisify(execFile)

/** Run a Python snippet in the project's environment; `main()` (async) is awaited. */
export async function runPython(code, { timeout = 90_000 } = {}) {
  if (!DATA_DIR) throw new Error('MERIT_DATA_DIR is not set: run the browser tests through tests/e2e/run.sh')
  const script = [
    'import asyncio',
    'from api.core.config import get_settings',
    'from api.core.embedded import ensure_services',
    'ensure_services(get_settings().data_dir, redis=False)',
    'from api.core.db import dispose_engine',
    code,
    'async def _run():',
    '    try:',
    '        await main()',
    '    finally:',
    '        await dispose_engine()',
    'asyncio.run(_run())',
  ].join('\n')
  const { stdout } = await run('python3', ['-m', 'uv', 'run', '--no-sync', 'python', '-c', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, MERIT_DATA_DIR: DATA_DIR },
    timeout,
  })
  return stdout.trim()
}

/** The daily certification-reminder job (api/certifications/jobs.py) for one organisation, now. */
export async function runCertificationReminders(org = ORG) {
  const out = await runPython(`
import json
from api.core.db import public_session
from api.certifications.jobs import certification_reminders
from tenants import registry
async def main():
    async with public_session() as db:
        org = await registry.get_by_subdomain(db, ${JSON.stringify(org)})
    print(json.dumps(await certification_reminders({}, org.id)))
`)
  return JSON.parse(out.split('\n').pop())
}
