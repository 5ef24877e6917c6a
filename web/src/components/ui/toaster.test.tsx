import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from './toaster'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toast, useToast } from '@/lib/use-toast'

function ToastCount() {
  return <output aria-label="toast count">{useToast().toasts.length}</output>
}

describe('toasts', () => {
  it('shows only one toast at a time, the newest', () => {
    render(<Toaster />)

    act(() => {
      toast({ title: 'First' })
      toast({ title: 'Second', variant: 'destructive' })
    })

    expect(TOAST_LIMIT).toBe(1)
    expect(screen.queryByText('First')).not.toBeInTheDocument()
    expect(screen.getByText('Second')).toBeInTheDocument()
  })

  it('closes after 5000 ms and is forgotten 1,000,000 ms after dismissal', () => {
    vi.useFakeTimers()
    render(
      <>
        <Toaster />
        <ToastCount />
      </>,
    )

    act(() => {
      toast({ title: 'Saved', description: 'All good' })
    })
    expect(screen.getByText('All good')).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByText('All good')).not.toBeInTheDocument()
    expect(screen.getByLabelText('toast count')).toHaveTextContent('1')

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY))
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
    expect(screen.getByLabelText('toast count')).toHaveTextContent('0')
  })

  it('can be closed with its close button, and F8 focuses the notification area', async () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'Heads up' })
    })

    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument()
  })
})
