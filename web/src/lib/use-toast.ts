import { useSyncExternalStore } from 'react'

/** One toast at a time; a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000

export interface ToastOptions {
  title?: string
  description?: string
  variant?: 'default' | 'destructive'
  duration?: number
}

export interface ToastItem extends ToastOptions {
  id: string
  open: boolean
}

let toasts: ToastItem[] = []
let counter = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: ToastItem[]): void {
  toasts = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return
  const timer = setTimeout(() => {
    removalTimers.delete(id)
    setToasts(toasts.filter((t) => t.id !== id))
  }, TOAST_REMOVE_DELAY)
  removalTimers.set(id, timer)
}

/** Closes one toast, or all of them without an id. */
export function dismiss(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismiss(id) }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts)
  return { toasts: current, toast, dismiss }
}

/** Forget every toast at once; for tests. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer)
  removalTimers.clear()
  setToasts([])
}
