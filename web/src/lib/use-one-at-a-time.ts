import { useRef } from 'react'

/**
 * Starts an action unless the previous one has not finished yet. A double click's second click
 * comes before a button disabled by a mutation's pending state re-renders as disabled (the
 * query library tells React a moment later), so that alone lets the action run twice.
 * `start` gets the function to call once the action has settled.
 */
export function useOneAtATime(): (start: (finish: () => void) => void) => void {
  const busy = useRef(false)
  return (start) => {
    if (busy.current) return
    busy.current = true
    start(() => {
      busy.current = false
    })
  }
}
