import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { mockApi, renderWithProviders } from '@/test/utils'
import { PageHeader } from './page-header'

describe('PageHeader', () => {
  it('shows title, subtitle, search and add button', async () => {
    mockApi({})
    const onAdd = vi.fn()
    const onSearch = vi.fn()
    renderWithProviders(
      <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
        <PageHeader
          title="Employees"
          subtitle="Everyone in your organization"
          search={{ placeholder: 'Search employees...', value: '', onChange: onSearch }}
          addButton={{ label: 'Add Employee', onClick: onAdd }}
        />
      </AssistantContext.Provider>,
    )

    expect(screen.getByRole('heading', { level: 1, name: 'Employees' })).toBeInTheDocument()
    expect(screen.getByText('Everyone in your organization')).toBeInTheDocument()
    await userEvent.type(screen.getByPlaceholderText('Search employees...'), 'a')
    expect(onSearch).toHaveBeenCalledWith('a')
    // No longer than the API takes, or the list would fail instead of finding nothing.
    expect(screen.getByPlaceholderText('Search employees...')).toHaveAttribute('maxLength', '200')
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))
    expect(onAdd).toHaveBeenCalled()
  })

  it("has a help button with the tooltip 'Help - How to use Merit' that opens the AI Assistant", async () => {
    mockApi({})
    const openAssistant = vi.fn()
    renderWithProviders(
      <AssistantContext.Provider value={{ openAssistant }}>
        <PageHeader title="Dashboard" />
      </AssistantContext.Provider>,
    )

    const help = screen.getByRole('button', { name: 'Help - How to use Merit' })
    await userEvent.hover(help)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Help - How to use Merit')

    await userEvent.click(help)
    expect(openAssistant).toHaveBeenCalledWith('ai')
  })
})
