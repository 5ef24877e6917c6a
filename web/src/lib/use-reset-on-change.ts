import { useState } from 'react'

/**
 * Calls `reset` while rendering whenever one of `deps` changes (not on the first render): the
 * way React recommends to reset state for a new prop, so no render shows the old state first.
 * `reset` may only set state of the component that calls this hook.
 */
export function useResetOnChange(deps: readonly unknown[], reset: () => void): void {
  const [seen, setSeen] = useState(deps)
  if (deps.length !== seen.length || deps.some((dep, i) => !Object.is(dep, seen[i]))) {
    setSeen(deps)
    reset()
  }
}
