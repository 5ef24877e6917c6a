import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'
import { ROLES } from '@/lib/roles'

export const USERS_KEY = '/api/users'
export const CURRENT_USER_KEY = '/api/auth/user'

export const userSchema = replySchema<ApiSchema<'UserRead'>>()(
  z.looseObject({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    role: z.enum(ROLES),
    isActive: z.boolean().default(true),
    createdAt: z.string().nullish(),
  }),
)

export type User = z.output<typeof userSchema>

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: [USERS_KEY] as const,
    queryFn: ({ signal }) => apiJson(z.array(userSchema), 'GET', USERS_KEY, undefined, { signal }),
  })

export function useUsers() {
  return useQuery(usersQueryOptions())
}

const meSchema = replySchema<ApiReply<'getUser'>>()(
  z.looseObject({ id: z.string().nullish(), role: z.string(), name: z.string() }),
)

/** Who is signed in: a personal account has an id (and cannot remove itself). */
export function useCurrentUser() {
  return useQuery({
    queryKey: [CURRENT_USER_KEY] as const,
    queryFn: ({ signal }) => apiJson(meSchema, 'GET', CURRENT_USER_KEY, undefined, { signal }),
  })
}

export type NewUser = ApiBody<'createUser'>

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewUser) => apiJson(userSchema, 'POST', USERS_KEY, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] }),
  })
}

const removedSchema = replySchema<ApiReply<'deleteUser'>>()(
  z.looseObject({ success: z.boolean().optional(), message: z.string().nullish() }),
)

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiJson(removedSchema, 'DELETE', `${USERS_KEY}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] }),
  })
}

/** A disabled account (one a restore brought back) may sign in again. */
export function useEnableUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(userSchema, 'POST', `${USERS_KEY}/${encodeURIComponent(id)}/enable`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] }),
  })
}
