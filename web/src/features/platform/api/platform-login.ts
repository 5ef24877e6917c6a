import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, apiRequest } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { PLATFORM_SESSION_KEY } from './platform-session'

const loginReplySchema = replySchema<ApiReply<'platformLogin'>>()(z.object({ email: z.string() }))

/** POST /api/platform/login: a local platform admin (only where no provider is configured). */
export function usePlatformLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApiBody<'platformLogin'>) =>
      apiJson(loginReplySchema, 'POST', '/api/platform/login', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PLATFORM_SESSION_KEY] }),
  })
}

/** Signs out of the platform; the panel then offers sign-in again. Errors are only logged. */
export function usePlatformLogout() {
  const queryClient = useQueryClient()
  return async () => {
    try {
      await apiRequest('POST', '/api/platform/logout')
    } catch (error) {
      console.error('Platform sign-out failed', error)
    }
    queryClient.setQueryData([PLATFORM_SESSION_KEY], { state: 'signed-out' })
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PLATFORM_SESSION_KEY })
  }
}
