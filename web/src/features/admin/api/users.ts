import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** PUT /api/users/{id}/employee: the employee the account belongs to, or null to unlink it. */
export function useLinkEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, employeeId }: { userId: string; employeeId: number | null }) =>
      unwrap(
        api.PUT('/api/users/{user_id}/employee', { params: { path: { user_id: userId } }, body: { employeeId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  })
}

export interface EmployeeChoice {
  id: number
  name: string
  /** Position and e-mail, to tell namesakes apart. */
  detail: string
}

/** A few employees matching a search, for the account's employee picker. */
export function useEmployeeChoices(search: string) {
  const text = search.trim()
  return useQuery({
    queryKey: queryKeys.employeeChoices(text),
    queryFn: async ({ signal }): Promise<EmployeeChoice[]> => {
      const query = { search: text, page: 1, pageSize: EMPLOYEE_CHOICES }
      const employees = await unwrap(api.GET('/api/employees', { params: { query }, signal }))
      return employees.map((e) => ({
        id: e.id,
        name: `${e.firstName} ${e.lastName}`,
        detail: [e.position, e.email].filter(Boolean).join(' · '),
      }))
    },
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  })
}

/** How many matches the picker lists: enough to choose from, few enough to read. */
export const EMPLOYEE_CHOICES = 8
