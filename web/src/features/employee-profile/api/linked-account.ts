import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Account = ApiSchema<'UserRead'>

/** The organisation's accounts (GET /api/users, for users.manage): the one of this employee and those free to link. */
export function useAccounts() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => unwrap(api.GET('/api/users', { signal })),
  })
}

/** PUT /api/users/{id}/employee: this employee for the account, or null to unlink it. */
export function useLinkAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, employeeId }: { userId: string; employeeId: number | null }) =>
      unwrap(
        api.PUT('/api/users/{user_id}/employee', { params: { path: { user_id: userId } }, body: { employeeId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  })
}
