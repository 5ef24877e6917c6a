/**
 * Merit's addresses: each organisation signs in at `{code}.{base}`. The server names the base
 * domain in the page (`<meta name="merit-base-domain">`): only it knows where the code ends,
 * as in acme.merit.example.com. Without it (tests, a bare dev server) the host is the base.
 */
function baseDomain(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="merit-base-domain"]')
  return meta?.content.trim().toLowerCase() || null
}

/** The organisation code this address names (`acme` at acme.localhost:8000), if any. */
export function hostSubdomain(): string | null {
  const base = baseDomain()
  const host = window.location.hostname.toLowerCase().replace(/\.$/, '')
  if (!base || !host.endsWith(`.${base}`)) return null
  const code = host.slice(0, -base.length - 1)
  return code && !code.includes('.') && code !== 'www' ? code : null
}

/** The base address with its port and without an organisation code: `localhost:8000`. */
export function siteHost(): string {
  const code = hostSubdomain()
  return code ? window.location.host.slice(code.length + 1) : window.location.host
}

/** An organisation's own address as people see it: `{subdomain}.{host}`. */
export function organizationAddress(subdomain: string): string {
  return `${subdomain}.${siteHost()}`
}

/** Opens an organisation's sign-in at its own address, its code filled in. */
export function signInAt(subdomain: string): void {
  const code = encodeURIComponent(subdomain)
  window.location.assign(`${window.location.protocol}//${organizationAddress(code)}/?org=${code}`)
}
