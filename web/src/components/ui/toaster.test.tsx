import { act, fireEvent, render, screen } from '@testing-library/react'
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

  it('closes the next toast on time after one was closed under the pointer (Radix kept its pause set)', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Password updated' })
    })
    const close = screen.getByRole('button', { name: 'Close' })
    fireEvent.pointerMove(close)
    fireEvent.click(close)
    act(() => {
      toast({ title: 'Employee updated' })
    })
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.getByText('Employee updated')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Employee updated')).not.toBeInTheDocument()
  })

  it('holds a toast while the mouse is on it, then gives it the time it had left; a tap does not hold it', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Saved' })
    })
    const item = screen.getByText('Saved').closest('li')!
    act(() => vi.advanceTimersByTime(2000))
    fireEvent.pointerEnter(item, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('Saved')).toBeInTheDocument()
    fireEvent.pointerLeave(item, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.getByText('Saved')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()

    act(() => {
      toast({ title: 'Tapped' })
    })
    fireEvent.pointerEnter(screen.getByText('Tapped').closest('li')!, { pointerType: 'touch' })
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByText('Tapped')).not.toBeInTheDocument()
  })

  it('holds a toast while the keyboard’s focus is in it, not when a click focuses it, and keeps one asked to stay', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Read me' })
    })
    // Tab into the toast: the focus is the keyboard's.
    fireEvent.keyDown(document.body, { key: 'Tab' })
    act(() => screen.getByRole('button', { name: 'Close' }).focus())
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('Read me')).toBeInTheDocument()
    act(() => (document.activeElement as HTMLElement).blur())
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByText('Read me')).not.toBeInTheDocument()

    act(() => {
      toast({ title: 'Clicked' })
    })
    const item = screen.getByText('Clicked').closest('li')!
    fireEvent.pointerDown(item, { pointerType: 'touch' })
    fireEvent.mouseDown(item)
    act(() => item.focus())
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByText('Clicked')).not.toBeInTheDocument()

    act(() => {
      toast({ title: 'Link ready', duration: Infinity })
    })
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Link ready')).toBeInTheDocument()
  })
})
