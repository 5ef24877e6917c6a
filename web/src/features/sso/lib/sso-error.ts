/**
 * A single sign-on that failed comes back to the sign-in screen as `/?org=<code>&ssoError=<message>`
 * (the server's redirect): the message is shown once, and taken out of the address so a reload
 * or a bookmark does not show it again.
 */
const PARAM = 'ssoError'

export function ssoErrorInAddress(): string | null {
  return new URLSearchParams(window.location.search).get(PARAM)?.slice(0, 500) || null
}

export function removeSsoErrorFromAddress(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has(PARAM)) return
  url.searchParams.delete(PARAM)
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

/** Where 'Sign in with ...' goes: the server sends the browser on to the provider. */
export const SSO_LOGIN_PATH = '/api/auth/sso/login'
