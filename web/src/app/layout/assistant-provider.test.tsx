import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PageHeader } from '@/components/layout/page-header'
import { mockApi, renderWithProviders } from '@/test/utils'
import { AssistantProvider } from './assistant-provider'

describe('AssistantProvider', () => {
  it("opens the AI Assistant from the page header's help button", async () => {
    mockApi({})
    renderWithProviders(
      <AssistantProvider>
        <PageHeader title="Dashboard" />
      </AssistantProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Help - How to use Merit' }))
    expect(await screen.findByRole('dialog', { name: 'AI Assistant' })).toBeInTheDocument()
  })
})
