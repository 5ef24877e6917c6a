import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { afterDeferredFocus, jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import TemplatesPage from './templates-page'

function renderPage(ui: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
  )
}

const TEMPLATE = {
  id: 1,
  name: 'Standard Performance Review',
  description: 'Quarterly',
  isDefault: true,
  createdAt: '2030-01-01T00:00:00Z',
  questions: [{ id: 'q1', question: 'Overall job performance', type: 'rating', required: true, scale: 5 }],
}

describe('TemplatesPage', () => {
  it('duplicates, previews and refuses to delete a template in use', async () => {
    const list = [TEMPLATE]
    mockApi({
      'GET /api/templates': () => jsonResponse(200, list),
      'POST /api/templates/1/duplicate': () => {
        const copy = { ...TEMPLATE, id: 2, isDefault: false, name: 'Standard Performance Review (Copy)' }
        list.push(copy)
        return jsonResponse(201, copy)
      },
      'DELETE /api/templates/1': jsonResponse(409, {
        message: 'This template cannot be deleted because 2 reviews use it. Reviews keep the template they were made from; edit it instead.',
      }),
    })
    const user = userEvent.setup()
    renderPage(<TemplatesPage />)

    expect(await screen.findByText('1 question')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actions for Standard Performance Review' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }))
    expect(await screen.findByText('Standard Performance Review (Copy)', { selector: 'h2' })).toBeInTheDocument()

    await user.click(screen.getAllByRole('button', { name: 'Preview' })[0]!)
    const preview = await screen.findByRole('dialog')
    expect(within(preview).getByText('1. Overall job performance')).toBeInTheDocument()
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Actions for Standard Performance Review' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument()
    expect(screen.getByText(/cannot be deleted because 2 reviews use it/)).toBeInTheDocument()
  })

  it('an empty Create Template puts the focus on the first field in error, the template name', async () => {
    mockApi({ 'GET /api/templates': jsonResponse(200, [TEMPLATE]) })
    const user = userEvent.setup()
    renderPage(<TemplatesPage />)
    await screen.findByText('1 question')
    await user.click(screen.getByRole('button', { name: 'Create Template' }))
    const form = await screen.findByRole('dialog', { name: 'Create Review Template' })
    await user.click(within(form).getByRole('button', { name: 'Create Template' }))
    expect(await within(form).findByText('Template name must be at least 3 characters')).toBeInTheDocument()
    await afterDeferredFocus()
    expect(within(form).getByLabelText('Template name')).toHaveFocus()
  })

  it('Use Template opens Create Review with the template chosen', async () => {
    mockApi({ 'GET /api/templates': jsonResponse(200, [TEMPLATE]) })
    const user = userEvent.setup()
    renderPage(<TemplatesPage />)
    await user.click(await screen.findByRole('button', { name: 'Use Template' }))
    await waitFor(() => expect(window.location.pathname).toBe('/reviews'))
    expect(window.location.search).toBe('?create=1&templateId=1')
  })
})
