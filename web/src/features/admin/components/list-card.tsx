import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Skeleton } from '@/components/ui/skeleton'

interface ListCardProps<T extends { id: string | number }> {
  title: string
  description: string
  /** The button beside the title (Add ...). */
  action: ReactNode
  /** The list's query: placeholder rows while it loads, then its error text, empty text or rows. */
  list: { data: T[] | undefined; isPending: boolean; isError: boolean }
  /** The list's accessible name. */
  label: string
  errorText: string
  emptyText: string
  /** What one row shows. */
  renderItem: (item: T) => ReactNode
  /** The dialogs the card opens. */
  children?: ReactNode
}

/** An admin card that manages a list (departments, users): its title and action, then the list. */
export function ListCard<T extends { id: string | number }>({
  title,
  description,
  action,
  list,
  label,
  errorText,
  emptyText,
  renderItem,
  children,
}: ListCardProps<T>) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>
        <QueryState
          query={list}
          isEmpty={!list.data?.length}
          loading={
            <div className="flex flex-col gap-2" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          }
          failed={<p className="text-sm text-destructive">{errorText}</p>}
          empty={<p className="text-sm text-muted-foreground">{emptyText}</p>}
        >
          {() => (
            <ul aria-label={label} className="divide-y rounded-lg border">
              {(list.data ?? []).map((item) => (
                <li key={item.id} className="flex items-center gap-3 px-4 py-3">
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {children}
    </Card>
  )
}
