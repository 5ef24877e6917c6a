/** The super-admin stats cards: totals, active ones, distinct industries, created this month. */
export interface OrganizationStats {
  total: number
  /** "Active Organizations": those having a subdomain. */
  active: number
  /** Distinct industries (ignoring case and blanks). */
  industries: number
  /** Created in the current calendar month. */
  thisMonth: number
}

interface StatsInput {
  subdomain?: string | null
  industry?: string | null
  createdAt: string
}

export function organizationStats(organizations: readonly StatsInput[], now = new Date()): OrganizationStats {
  const industries = new Set(
    organizations.map((o) => o.industry?.trim().toLowerCase()).filter((i): i is string => Boolean(i)),
  )
  const thisMonth = organizations.filter((o) => {
    const created = new Date(o.createdAt)
    return created.getFullYear() === now.getFullYear() && created.getMonth() === now.getMonth()
  }).length
  return {
    total: organizations.length,
    active: organizations.filter((o) => Boolean(o.subdomain?.trim())).length,
    industries: industries.size,
    thisMonth,
  }
}
