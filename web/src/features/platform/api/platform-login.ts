import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/platform/login: a local platform admin (only where no provider is configured). */
export function usePlatformLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApiBody<'platformLogin'>) => unwrap(api.POST('/api/platform/login', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.platformSession }),
  })
}

/** Signs out of the platform; the panel then offers sign-in again. Errors are only logged. */
export function usePlatformLogout() {
  const queryClient = useQueryClient()
  return async () => {
    try {
      await api.POST('/api/platform/logout')
    } catch (error) {
      console.error('Platform sign-out failed', error)
    }
    queryClient.setQueryData(queryKeys.platformSession, { state: 'signed-out' })
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.platformSession[0] })
  }
}
