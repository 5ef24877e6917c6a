/** What the app keeps in the browser's session storage after sign-in. */
const KEYS = ['currentOrganization', 'userRole', 'isAuthenticated'] as const

export function saveClientSession({ organization, role }: { organization: unknown; role: string }): void {
  sessionStorage.setItem('currentOrganization', JSON.stringify(organization))
  sessionStorage.setItem('userRole', role)
  sessionStorage.setItem('isAuthenticated', 'true')
}

export function clearClientSession(): void {
  for (const key of KEYS) sessionStorage.removeItem(key)
}
