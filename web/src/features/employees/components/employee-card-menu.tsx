import { Archive, ArchiveRestore, MoreVertical, Pencil, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export type CardAction = 'edit' | 'archive' | 'restore' | 'delete'

interface EmployeeCardMenuProps {
  name: string
  archived: boolean
  onSelect: (action: CardAction) => void
}

interface MenuItem {
  action: CardAction
  label: string
  icon: ReactNode
  danger?: boolean
}

function menuItems(archived: boolean): MenuItem[] {
  return [
    { action: 'edit', label: 'Edit Employee', icon: <Pencil aria-hidden="true" /> },
    archived
      ? { action: 'restore', label: 'Restore', icon: <ArchiveRestore aria-hidden="true" /> }
      : { action: 'archive', label: 'Archive', icon: <Archive aria-hidden="true" /> },
    { action: 'delete', label: 'Delete Permanently', icon: <Trash2 aria-hidden="true" />, danger: true },
  ]
}

/**
 * The menu button's behaviour: opening focuses the first item, a click outside closes, arrows,
 * Home and End move between items, Escape closes and refocuses the button, Tab closes.
 */
function useMenuButton() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
    const index = entries.indexOf(document.activeElement as HTMLElement)
    const focusAt = (i: number) => entries[(i + entries.length) % entries.length]?.focus()
    if (event.key === 'ArrowDown') focusAt(index + 1)
    else if (event.key === 'ArrowUp') focusAt(index - 1)
    else if (event.key === 'Home') focusAt(0)
    else if (event.key === 'End') focusAt(entries.length - 1)
    else if (event.key === 'Escape') close(true)
    else if (event.key === 'Tab') close(false)
    else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  return { open, setOpen, buttonRef, menuRef, close, onMenuKeyDown }
}

/**
 * The admin menu on an employee card: Edit Employee, Archive or Restore, Delete Permanently.
 * A small WAI-ARIA menu button: arrows move, Escape and Tab close, focus returns to the button.
 */
export function EmployeeCardMenu({ name, archived, onSelect }: EmployeeCardMenuProps) {
  const { open, setOpen, buttonRef, menuRef, close, onMenuKeyDown } = useMenuButton()
  const menuId = useId()

  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        <MoreVertical aria-hidden="true" />
      </Button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={`Actions for ${name}`}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-9 z-20 min-w-48 animate-fade-in rounded-lg border bg-card p-1 shadow-lg"
        >
          {menuItems(archived).map(({ action, label, icon, danger }) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true)
                onSelect(action)
              }}
              className={cn(
                'flex w-full cursor-pointer items-center gap-2 whitespace-nowrap rounded-md px-2.5 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted [&_svg]:size-4',
                danger && 'text-destructive',
              )}
            >
              {icon}
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
