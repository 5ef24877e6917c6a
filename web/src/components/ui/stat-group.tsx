import { useId, type ReactNode } from 'react'

/**
 * A row of figure cards (dashboard, analytics, reminders, backup) under a visually hidden h2.
 * Each card's label is an h3, so the headings run h1 (page header) → h2 → h3 with no level
 * skipped, and a screen reader's heading list names the group.
 */
export function StatGroup({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="sr-only">
        {label}
      </h2>
      {children}
    </section>
  )
}
