import { useSyncExternalStore } from 'react'

/** One toast at a time; a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000
/** How long a toast stays unless it says otherwise (Infinity: until closed). */
export const TOAST_DURATION = 5000

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

/**
 * Each toast's own closing clock. Radix keeps one pause for the whole notification area, set by
 * a pointer or the focus in it and cleared only when they leave: a toast closed under a finger
 * or by its button left it set, and every later toast stayed on screen for good. Here a pause
 * belongs to one toast and goes with it.
 */
interface CloseTimer {
  handle: ReturnType<typeof setTimeout> | null
  remaining: number
  startedAt: number
}
const closeTimers = new Map<string, CloseTimer>()

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

function stopClosing(id: string): void {
  const timer = closeTimers.get(id)
  if (timer?.handle) clearTimeout(timer.handle)
  closeTimers.delete(id)
}

function runClock(id: string, timer: CloseTimer): void {
  timer.startedAt = Date.now()
  timer.handle = setTimeout(() => dismiss(id), timer.remaining)
}

/** Closes one toast, or all of them without an id. */
export function dismiss(id?: string): void {
  for (const t of toasts) {
    if (id !== undefined && t.id !== id) continue
    stopClosing(t.id)
    scheduleRemoval(t.id)
  }
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

/** Holds a toast while the mouse is on it or the focus in it. */
export function pauseToast(id: string): void {
  const timer = closeTimers.get(id)
  if (!timer?.handle) return
  clearTimeout(timer.handle)
  timer.handle = null
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt))
}

/** Lets a held toast close after the time it had left. */
export function resumeToast(id: string): void {
  const timer = closeTimers.get(id)
  if (timer && !timer.handle) runClock(id, timer)
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  const next = [{ ...options, id, open: true }, ...toasts]
  // A toast pushed out by the newer one needs no clock any more.
  for (const old of next.slice(TOAST_LIMIT)) stopClosing(old.id)
  setToasts(next.slice(0, TOAST_LIMIT))
  const duration = options.duration ?? TOAST_DURATION
  if (Number.isFinite(duration)) {
    const timer: CloseTimer = { handle: null, remaining: duration, startedAt: 0 }
    closeTimers.set(id, timer)
    runClock(id, timer)
  }
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
  for (const id of [...closeTimers.keys()]) stopClosing(id)
  setToasts([])
}
