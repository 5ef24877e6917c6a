import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type ChangePasswordBody = ApiBody<'changePassword'>

export function changePassword(body: ChangePasswordBody) {
  return unwrap(api.POST('/api/auth/change-password', { body }))
}

/** After a change the session is read again, so a pending forced change clears. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  })
}
