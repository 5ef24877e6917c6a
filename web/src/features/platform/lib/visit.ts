/** Visit: the organisation's sign-in in a new tab (the app reads ?org= to fill the code in). */
export function visitUrl(subdomain: string): string {
  return `/?org=${encodeURIComponent(subdomain)}`
}

export function visitOrganization(subdomain: string): void {
  window.open(visitUrl(subdomain), '_blank', 'noopener,noreferrer')
}
