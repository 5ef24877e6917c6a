// Where the browser tests point and the credentials they use. run.sh sets MERIT_E2E_URL and
// exports MERIT_DATA_DIR (the server's data directory) for the tests that need the server side.
export const BASE_URL = (process.env.MERIT_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '')
export const DATA_DIR = process.env.MERIT_DATA_DIR
export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname
export const REPO_ROOT = new URL('../../../', import.meta.url).pathname

export const ORG = 'demo'
/** The first-sign-in password of a role (SPEC §2: the role followed by the organization code). */
export const defaultPassword = (role, org = ORG) => `${role}${org}`
/** What the first sign-in of every role changes its default password to. */
export const NEW_PASSWORD = 'Welcome2026x'
/**
 * What the forgot-password test resets the admin password to (that form also wants a special
 * character) before it changes it back to NEW_PASSWORD; sign-in tries it too, in case that
 * test stopped half-way.
 */
export const RESET_PASSWORD = 'Recovered2026x!'

/** The local platform admin run.sh creates before the server starts. */
export const PLATFORM_EMAIL = process.env.MERIT_E2E_PLATFORM_EMAIL ?? 'platform-admin@example.com'
export const PLATFORM_PASSWORD = process.env.MERIT_E2E_PLATFORM_PASSWORD ?? 'Platform2026x'
/** Maildir the runner's local SMTP server (aiosmtpd) writes to; unset = no SMTP. */
export const MAILDIR = process.env.MERIT_E2E_MAILDIR
