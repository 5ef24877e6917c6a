import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { resetToasts } from '@/lib/use-toast'

// Lazy route chunks are transformed on first import, which can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 })

// jsdom lacks a few browser APIs that Radix primitives touch.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView ??= function scrollIntoView() {}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}

// Node runs AbortSignal.timeout on its own timers, which vi.useFakeTimers() does not drive: made
// from the global setTimeout instead, a test that advances the fake clock sees a request time out.
AbortSignal.timeout = (ms: number) => {
  const controller = new AbortController()
  setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms)
  return controller.signal
}

afterEach(() => {
  cleanup()
  resetToasts()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  vi.useRealTimers()
  vi.unstubAllGlobals()
})
