import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { viewerFor } from '@/test/access'
import { renderWithProviders } from '@/test/utils'

import { AssistantProvider } from './assistant-provider'
import { Sidebar } from './sidebar'

function renderSidebar(name: string | undefined) {
  renderWithProviders(
    <AssistantProvider>
      <Sidebar />
    </AssistantProvider>,
    { as: { ...viewerFor('admin'), name } },
  )
}

describe('Sidebar', () => {
  it('names the person signed in with their own account, beside their role', () => {
    renderSidebar('Olivia Owens')
    expect(screen.getByText('Olivia Owens')).toBeInTheDocument()
    expect(screen.getByText('Administrator')).toBeInTheDocument()
  })

  it('shows only the role for a shared sign-in', () => {
    renderSidebar('Administrator')
    expect(screen.getAllByText('Administrator')).toHaveLength(1)
  })
})
