import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { localToday } from '@/lib/date-range'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { AddNoteDialog } from './add-note-dialog'

function renderDialog() {
  const onOpenChange = vi.fn()
  renderWithProviders(<AddNoteDialog employeeId={3} open onOpenChange={onOpenChange} />)
  return { onOpenChange }
}

describe('AddNoteDialog', () => {
  it('starts on today with the recognition category', () => {
    mockApi({})
    renderDialog()
    expect(screen.getByLabelText('Date')).toHaveValue(localToday())
    expect(screen.getByLabelText('Category')).toHaveValue('recognition')
    expect(screen.getByRole('option', { name: 'Redirection' })).toBeInTheDocument()
  })

  it('says Date is required and sends nothing without a date', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    await userEvent.clear(screen.getByLabelText('Date'))
    await userEvent.type(screen.getByLabelText('Note'), 'Great work on the launch')
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))
    expect(await screen.findByText('Date is required')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('needs a note', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))
    expect(await screen.findByText('Note is required')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('adds the note with the date as YYYY-MM-DD and the default author', async () => {
    const fetchMock = mockApi({
      'POST /api/employee-notes': jsonResponse(201, {
        id: 1,
        employeeId: 3,
        date: '2026-02-14',
        category: 'redirection',
        note: 'Please share status earlier',
        createdBy: 'HR Admin',
      }),
    })
    const { onOpenChange } = renderDialog()
    await userEvent.clear(screen.getByLabelText('Date'))
    await userEvent.type(screen.getByLabelText('Date'), '2026-02-14')
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'redirection')
    await userEvent.type(screen.getByLabelText('Note'), '  Please share status earlier ')
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))

    expect(await screen.findByText('Note Added')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/employee-notes')).toEqual({
      employeeId: 3,
      date: '2026-02-14',
      category: 'redirection',
      note: 'Please share status earlier',
      createdBy: 'HR Admin',
    })
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it('shows the failure toast and stays open', async () => {
    mockApi({ 'POST /api/employee-notes': jsonResponse(500, { message: 'boom' }) })
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Note'), 'Kind words')
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))
    expect(await screen.findByText('Failed to add employee note. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })
})
