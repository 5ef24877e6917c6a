import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocation } from 'wouter'
import { apiRequest } from '@/lib/api-client'
import { clearClientSession } from '@/lib/client-session'
import { SESSION_QUERY_KEY } from './get-session'

export function logout() {
  return apiRequest('POST', '/api/auth/logout')
}

/**
 * Signs out: a failing server call is only logged (SPEC §8); the browser is cleared either way
 * and the landing page comes back.
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
    queryClient.setQueryData([SESSION_QUERY_KEY], null)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY })
    navigate('/', { replace: true })
  }, [queryClient, navigate])
}
