import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { AppProvider, createAppQueryClient } from './app/provider'
import { sessionQueryOptions } from './features/auth/api/get-session'
import './index.css'

// The session check starts before React's first render, not in an effect after it: the signed-in
// screen waits on its answer, and on a slow phone that render takes a good part of a second.
const queryClient = createAppQueryClient()
void queryClient.prefetchQuery(sessionQueryOptions())

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <App />
    </AppProvider>
  </StrictMode>,
)
