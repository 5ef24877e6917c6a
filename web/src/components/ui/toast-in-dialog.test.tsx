import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from './dialog'
import { Toaster } from './toaster'
import { toast } from '@/lib/use-toast'

/** A page with a button that opens a dialog; the dialog's Save raises a toast and stays open. */
function Page({
  onOpenChange,
  onEscapeKeyDown,
}: {
  onOpenChange?: (open: boolean) => void
  onEscapeKeyDown?: (event: KeyboardEvent) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next)
          setOpen(next)
        }}
      >
        <DialogContent aria-describedby={undefined} onEscapeKeyDown={onEscapeKeyDown}>
          <DialogTitle>Edit profile</DialogTitle>
          <button type="button" onClick={() => toast({ title: 'Upload failed', description: 'Try a smaller file' })}>
            Save
          </button>
        </DialogContent>
      </Dialog>
      <Toaster />
    </>
  )
}

const notifications = () => screen.getByRole('region', { name: 'Notifications (F8)' })

async function openDialogAndRaiseToast() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
  const dialog = screen.getByRole('dialog', { name: 'Edit profile' })
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  return dialog
}

describe('a toast raised from inside a dialog', () => {
  it('stays in the accessibility tree while the rest of the page is hidden', async () => {
    render(<Page />)
    await openDialogAndRaiseToast()

    // The dialog hid the page behind it (Radix's hideOthers)...
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument()
    expect(screen.getByText('Edit profile', { selector: 'button' }).closest('[aria-hidden="true"]')).not.toBeNull()
    // ...but not the notifications: role queries skip aria-hidden subtrees.
    expect(within(notifications()).getByText('Try a smaller file')).toBeInTheDocument()
    expect(within(notifications()).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(notifications().closest('[aria-hidden="true"]')).toBeNull()
    // And Radix's announcement (a live region of its own) is not hidden either.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Upload failed'))
  })

  it('is closed by Escape only after the dialog the focus is in', async () => {
    const onOpenChange = vi.fn()
    render(<Page onOpenChange={onOpenChange} />)
    const dialog = await openDialogAndRaiseToast()
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onOpenChange.mock.calls).toEqual([[false]])
    expect(within(notifications()).getByText('Try a smaller file')).toBeInTheDocument()

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByText('Try a smaller file')).not.toBeInTheDocument()
  })

  it('is closed by Escape after the dialog even when the focus fell to the page body', async () => {
    render(<Page />)
    await openDialogAndRaiseToast()
    // e.g. the focused submit button was disabled while its request ran
    act(() => (document.activeElement as HTMLElement).blur())
    expect(document.activeElement).toBe(document.body)

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(within(notifications()).getByText('Try a smaller file')).toBeInTheDocument()
  })

  it('leaves open a dialog that refuses Escape', async () => {
    render(<Page onEscapeKeyDown={(event) => event.preventDefault()} />)
    await openDialogAndRaiseToast()

    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument()
  })

  it('lets Escape close an uncontrolled dialog too', async () => {
    render(
      <>
        <Dialog>
          <DialogTrigger>Open notes</DialogTrigger>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Notes</DialogTitle>
            <button type="button" onClick={() => toast({ title: 'Note saved' })}>
              Save note
            </button>
          </DialogContent>
        </Dialog>
        <Toaster />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Open notes' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }))

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(within(notifications()).getByText('Note saved')).toBeInTheDocument()
  })
})

describe('Escape without a toast raised in the dialog', () => {
  it('closes the dialog once', async () => {
    const onOpenChange = vi.fn()
    render(<Page onOpenChange={onOpenChange} />)
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onOpenChange.mock.calls).toEqual([[false]])
  })

  it('closes a toast when no dialog is open', async () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'Heads up' })
    })

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument()
  })
})
