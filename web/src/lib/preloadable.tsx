import { createElement, lazy, useState, type ComponentType } from 'react'

type Loader<P> = () => Promise<{ default: ComponentType<P> }>

/**
 * React.lazy for code that is usually fetched ahead (app.tsx starts the signed-in app's beside the
 * session check). React.lazy suspends on its first render even when the code has arrived, and
 * each suspension costs a fallback frame and a retry render (React holds nested retries back
 * up to half a second); once `preload()` has finished this renders the component directly.
 */
export function preloadable<P extends object>(load: Loader<P>) {
  let loaded: ComponentType<P> | undefined
  let pending: ReturnType<Loader<P>> | undefined
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default
      return module
    }))
  const Lazy = lazy(preload)
  function Preloadable(props: P) {
    // Chosen once: switching from the lazy wrapper to the component would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>))
    return createElement(Component, props)
  }
  return Object.assign(Preloadable, { preload })
}
