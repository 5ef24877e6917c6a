import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ListCard } from './list-card'

const ITEMS = [
  { id: 1, name: 'Engineering' },
  { id: 2, name: 'Sales' },
]

function renderCard(list: { data: typeof ITEMS | undefined; isPending: boolean; isError: boolean }) {
  return render(
    <ListCard
      title="Department Management"
      description="The departments employees belong to."
      action={<button type="button">Add Department</button>}
      list={list}
      label="Departments"
      errorText="The departments could not be loaded."
      emptyText="No departments yet."
      renderItem={(item) => <span>{item.name}</span>}
    >
      <p>a dialog</p>
    </ListCard>,
  )
}

describe('ListCard', () => {
  it('shows its title, description, action and dialogs in every state', () => {
    renderCard({ data: undefined, isPending: true, isError: false })
    expect(screen.getByText('Department Management')).toBeInTheDocument()
    expect(screen.getByText('The departments employees belong to.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Department' })).toBeInTheDocument()
    expect(screen.getByText('a dialog')).toBeInTheDocument()
  })

  it('shows three placeholder rows while loading', () => {
    const { container } = renderCard({ data: undefined, isPending: true, isError: false })
    const busy = container.querySelector('[aria-busy="true"]')
    expect(busy?.children).toHaveLength(3)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('says when the list could not be loaded, or is empty', () => {
    const { rerender } = renderCard({ data: undefined, isPending: false, isError: true })
    expect(screen.getByText('The departments could not be loaded.')).toHaveClass('text-destructive')
    expect(screen.queryByText('No departments yet.')).not.toBeInTheDocument()

    rerender(
      <ListCard
        title="t"
        description="d"
        action={null}
        list={{ data: [], isPending: false, isError: false }}
        label="Departments"
        errorText="The departments could not be loaded."
        emptyText="No departments yet."
        renderItem={() => null}
      />,
    )
    expect(screen.getByText('No departments yet.')).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('lists one row per item under its label', () => {
    renderCard({ data: ITEMS, isPending: false, isError: false })
    const rows = within(screen.getByRole('list', { name: 'Departments' })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Engineering', 'Sales'])
    expect(screen.queryByText('No departments yet.')).not.toBeInTheDocument()
  })
})
