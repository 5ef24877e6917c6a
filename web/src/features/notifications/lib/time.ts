/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date: how old a notice is. */
export function ageText(createdAt: string, now: Date = new Date()): string {
  const then = new Date(createdAt)
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`
  return then.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })
}

/** The unread count as the bell's badge shows it. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}
