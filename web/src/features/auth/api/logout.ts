import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocation } from 'wouter'
import { api } from '@/lib/api-client'
import { clearClientSession } from '@/lib/client-session'
import { queryKeys } from '@/lib/query-keys'

export function logout() {
  return api.POST('/api/auth/logout')
}

/**
 * Signs out. A failing server call is only logged: the person asked to leave, so the browser
 * is cleared either way and the landing page comes back.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()

  return useCallback(async () => {
    try {
      await logout()
    } catch (error) {
      console.error('Logout request failed', error)
    }
    clearClientSession()
    queryClient.setQueryData(queryKeys.session, null)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
    navigate('/', { replace: true })
  }, [queryClient, navigate])
}
