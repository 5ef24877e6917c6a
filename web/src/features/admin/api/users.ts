import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type User = ApiSchema<'UserRead'>

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => unwrap(api.GET('/api/users', { signal })),
  })

export function useUsers() {
  return useQuery(usersQueryOptions())
}

/** Who is signed in: a personal account has an id (and cannot remove itself). */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => unwrap(api.GET('/api/auth/user', { signal })),
  })
}

export type NewUser = ApiBody<'createUser'>

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewUser) => unwrap(api.POST('/api/users', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/users/{user_id}', { params: { path: { user_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  })
}

/** A disabled account (one a restore brought back) may sign in again. */
export function useEnableUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST('/api/users/{user_id}/enable', { params: { path: { user_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  })
}
