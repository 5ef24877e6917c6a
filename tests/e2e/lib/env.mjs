// Where the browser tests point and the credentials they use. Playwright reads the server's
// address and data directory from tests/e2e/server.sh into MERIT_E2E_URL and MERIT_DATA_DIR.
import { join } from 'node:path'

export const BASE_URL = (process.env.MERIT_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '')
export const DATA_DIR = process.env.MERIT_DATA_DIR
export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname
export const REPO_ROOT = new URL('../../../', import.meta.url).pathname

export const ORG = 'demo'
/** The first-sign-in password of a role: the role followed by the organization code. */
export const defaultPassword = (role, org = ORG) => `${role}${org}`
/** What the first sign-in of every role changes its default password to. */
export const NEW_PASSWORD = 'Welcome2026x'
/**
 * What the forgot-password test resets the admin password to (that form also wants a special
 * character) before it changes it back to NEW_PASSWORD; sign-in tries it too, in case that
 * test stopped half-way.
 */
export const RESET_PASSWORD = 'Recovered2026x!'

/** The local platform admin server.sh creates once the server is up. */
export const PLATFORM_EMAIL = 'platform-admin@example.com'
export const PLATFORM_PASSWORD = 'Platform2026x'
/** The Maildir server.sh's local SMTP server (aiosmtpd) writes every mail to. */
export const MAILDIR = DATA_DIR && join(DATA_DIR, 'maildir')
