import type { ReactNode } from 'react'

interface QueryStateProps {
  /** The list's query; only whether it is still loading or has failed is read. */
  query: { isPending: boolean; isError: boolean }
  /** Loaded, but nothing to show. */
  isEmpty: boolean
  loading: ReactNode
  failed: ReactNode
  empty: ReactNode
  /** What the loaded list shows; built only once there is something to show. */
  children: () => ReactNode
}

/**
 * The four states every list screen has, in one order: still loading, failed, loaded but empty,
 * and the list itself.
 */
export function QueryState({ query, isEmpty, loading, failed, empty, children }: QueryStateProps) {
  if (query.isPending) return <>{loading}</>
  if (query.isError) return <>{failed}</>
  if (isEmpty) return <>{empty}</>
  return <>{children()}</>
}
