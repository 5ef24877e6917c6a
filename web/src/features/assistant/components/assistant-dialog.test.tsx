import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { AssistantDialog } from './assistant-dialog'
import { ASSISTANTS } from './assistant-dialogs'

function Harness({ kind }: { kind: 'ai' | 'review' }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Reopen</Button>
      <AssistantDialog {...ASSISTANTS[kind]} open={open} onOpenChange={setOpen} />
    </>
  )
}

describe('AssistantDialog', () => {
  it('has a 3-row question box, disables Ask while blank and asks with Ctrl+Enter', async () => {
    let answer!: (r: Response) => void
    const fetchMock = mockApi({
      'POST /api/admin/ai-assistant': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    renderWithProviders(<Harness kind="ai" />)

    const box = screen.getByLabelText('Your question')
    expect(box).toHaveAttribute('rows', '3')
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled()

    await userEvent.type(box, 'How do I add an employee?')
    await userEvent.keyboard('{Enter}')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(box).toHaveValue('How do I add an employee?\n')

    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    expect(await screen.findByRole('button', { name: 'Thinking...' })).toBeDisabled()
    expect(sentBody(fetchMock, '/api/admin/ai-assistant')).toEqual({ message: 'How do I add an employee?' })

    answer(jsonResponse(200, { response: 'Open Employees and choose Add Employee.' }))
    expect(await screen.findByText('Open Employees and choose Add Employee.')).toBeInTheDocument()
  })

  it('is at most 600px wide and forgets the question and the answer when closed', async () => {
    mockApi({ 'POST /api/admin/ai-assistant': jsonResponse(200, { response: 'Open Templates.' }) })
    renderWithProviders(<Harness kind="ai" />)
    expect(screen.getByRole('dialog')).toHaveClass('max-w-[600px]')

    await userEvent.type(screen.getByLabelText('Your question'), 'Templates?')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('Open Templates.')).toBeInTheDocument()

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }))
    expect(screen.getByLabelText('Your question')).toHaveValue('')
    expect(screen.queryByText('Open Templates.')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument()
  })

  it('refuses a 100 KB question with a clear message and sends nothing', async () => {
    const fetchMock = mockApi({})
    renderWithProviders(<Harness kind="review" />)
    const box = screen.getByLabelText('Your question')

    fireEvent.change(box, { target: { value: 'Why? '.repeat(20_480) } })
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText(/Please keep your question under 2,000 characters \(this one has 102,399\)/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('Please keep your question under 2,000 characters')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()

    // Exactly 2,000 characters after trimming is fine.
    fireEvent.change(box, { target: { value: `  ${'a'.repeat(2000)}  ` } })
    expect(box).not.toHaveAttribute('aria-invalid')
  })

  it("shows the server's reason when a question is refused or the limit is reached", async () => {
    mockApi({
      'POST /api/admin/ai-assistant': jsonResponse(429, {
        message: "You're asking questions too quickly. Please wait 12 seconds and try again.",
      }),
    })
    renderWithProviders(<Harness kind="ai" />)
    await userEvent.type(screen.getByLabelText('Your question'), 'Help?')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(
      await screen.findByText("You're asking questions too quickly. Please wait 12 seconds and try again."),
    ).toBeInTheDocument()
  })

  it('refuses a blank question from the keyboard', async () => {
    const fetchMock = mockApi({})
    renderWithProviders(<Harness kind="ai" />)

    await userEvent.type(screen.getByLabelText('Your question'), '   ')
    await userEvent.keyboard('{Control>}{Enter}{/Control}')

    expect(await screen.findByText('Please enter a question')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reports a failure and forgets everything when closed', async () => {
    mockApi({ 'POST /api/admin/ai-assistant': jsonResponse(500, { message: 'boom' }) })
    renderWithProviders(<Harness kind="ai" />)

    await userEvent.type(screen.getByLabelText('Your question'), 'Help?')
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('Failed to get AI response. Please try again.')).toBeInTheDocument()

    // (the dialog's Close: the error toast has one too, and it is not hidden behind the dialog)
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }))
    expect(screen.getByLabelText('Your question')).toHaveValue('')
  })

  it('review assistant: Enter asks, Shift+Enter adds a line, its own failure text', async () => {
    const onAsk = vi.fn(() => jsonResponse(500, {}))
    const fetchMock = mockApi({ 'POST /api/review-assistant': onAsk })
    renderWithProviders(<Harness kind="review" />)
    const box = screen.getByLabelText('Your question')

    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}line two')
    expect(box).toHaveValue('Line one\nline two')
    expect(fetchMock).not.toHaveBeenCalled()

    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Failed to get response. Please try again.')).toBeInTheDocument()
    expect(sentBody(fetchMock, '/api/review-assistant')).toEqual({ message: 'Line one\nline two' })
  })
})
