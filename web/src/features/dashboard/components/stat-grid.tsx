import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatGroup } from '@/components/ui/stat-group'
import { cn } from '@/lib/utils'
import type { Figure } from '../lib/figures'

function FigureCard({ label, icon: Icon, value, note, urgent, pending, text }: Figure) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      {pending ? (
        <>
          <Skeleton className="h-9 w-20" />
          <Skeleton className="h-4 w-28" />
        </>
      ) : (
        <>
          {/* A date is as tall as a number (h-9), so the cards of a row keep one height. */}
          <p className={cn('font-semibold tracking-tight', text ? 'flex h-9 items-end text-2xl' : 'text-3xl')}>
            {value ?? '—'}
          </p>
          {/* Kept when there is no note (an empty line), so every card is as tall as its skeleton. */}
          <p className={cn('min-h-4 text-xs text-muted-foreground', urgent && 'text-destructive')}>{note}</p>
        </>
      )}
    </Card>
  )
}

/** The row of figure cards, with a line saying so when the figures could not be loaded. */
export function StatGrid({ figures, failed }: { figures: Figure[]; failed: boolean }) {
  return (
    <StatGroup label="Statistics" className="flex flex-col gap-3">
      {failed && (
        <p role="alert" className="text-sm text-muted-foreground">
          Statistics could not be loaded right now.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((figure) => (
          <FigureCard key={figure.label} {...figure} />
        ))}
      </div>
    </StatGroup>
  )
}
