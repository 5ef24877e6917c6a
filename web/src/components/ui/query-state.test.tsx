import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QueryState } from './query-state'

function renderState(query: { isPending: boolean; isError: boolean }, isEmpty: boolean) {
  let built = 0
  render(
    <QueryState query={query} isEmpty={isEmpty} loading="Loading" failed="Failed" empty="Nothing here">
      {() => {
        built += 1
        return 'The list'
      }}
    </QueryState>,
  )
  return { built: () => built }
}

describe('QueryState', () => {
  it('shows the loading state first, even when the query has also failed', () => {
    const { built } = renderState({ isPending: true, isError: true }, true)
    expect(screen.getByText('Loading')).toBeInTheDocument()
    expect(screen.queryByText('Failed')).not.toBeInTheDocument()
    expect(built()).toBe(0)
  })

  it('shows the failure rather than an empty list', () => {
    renderState({ isPending: false, isError: true }, true)
    expect(screen.getByText('Failed')).toBeInTheDocument()
    expect(screen.queryByText('Nothing here')).not.toBeInTheDocument()
  })

  it('shows the empty state without building the list', () => {
    const { built } = renderState({ isPending: false, isError: false }, true)
    expect(screen.getByText('Nothing here')).toBeInTheDocument()
    expect(built()).toBe(0)
  })

  it('shows the list once loaded with something in it', () => {
    renderState({ isPending: false, isError: false }, false)
    expect(screen.getByText('The list')).toBeInTheDocument()
  })
})
