import { ChevronLeft, ChevronRight, LayoutGrid, Table2 } from 'lucide-react'
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export type ListView = 'cards' | 'table'
export const LIST_VIEWS: readonly ListView[] = ['cards', 'table']

/** Cards or a table of the same items: two pressed-or-not buttons. */
export function ViewToggle({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border bg-card p-0.5 shadow-xs">
      {(
        [
          ['cards', 'Cards', LayoutGrid],
          ['table', 'Table', Table2],
        ] as const
      ).map(([view, label, Icon]) => (
        <Button
          key={view}
          type="button"
          size="sm"
          variant={value === view ? 'secondary' : 'ghost'}
          aria-pressed={value === view}
          onClick={() => onChange(view)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  )
}

/** A labelled native select for a list filter or its sort order. */
export function FilterSelect({
  label,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  return (
    <label className={cn('flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground', className)}>
      {label}
      <select
        className="h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
        {...props}
      >
        {children}
      </select>
    </label>
  )
}

/** The "Department" filter of a list screen: all departments, or one by its slug. */
export function DepartmentFilter({
  departments,
  value,
  onChange,
  className,
}: {
  departments: readonly { id: number; slug: string; name: string }[] | undefined
  value: string
  onChange: (slug: string) => void
  className?: string
}) {
  return (
    <FilterSelect label="Department" className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All Departments</option>
      {(departments ?? []).map((d) => (
        <option key={d.id} value={d.slug}>
          {d.name}
        </option>
      ))}
    </FilterSelect>
  )
}

/** The "Sort by" select of a list screen, one option per sort order. */
export function SortSelect({
  sorts,
  value,
  onChange,
  className,
}: {
  sorts: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <FilterSelect label="Sort by" className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      {sorts.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </FilterSelect>
  )
}

/** The look of a list screen's filter tab (Radix Tabs.Trigger). */
export const TAB_TRIGGER_CLASS =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm'

/** "Showing 26–50 of 153 reviews" with Previous and Next. */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  noun: string
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const n = (value: number) => value.toLocaleString('en-US')
  // A new page starts at its top, as a new page of a book does.
  const go = (next: number) => {
    onPage(next)
    window.scrollTo({ top: 0 })
  }
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <p aria-live="polite">
        Showing {n(first)}–{n(last)} of {n(total)} {noun}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span>
            Page {n(page)} of {n(pages)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  )
}

/** The page number in an address: a whole number from 1, else 1. */
export function pageOf(value: string): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
