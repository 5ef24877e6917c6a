import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type CertificationType = ApiSchema<'CertificationTypeRead'>

export const certificationTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.certificationTypes,
    queryFn: ({ signal }) => unwrap(api.GET('/api/certification-types', { signal })),
  })

export function useCertificationTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...certificationTypesQueryOptions(), enabled })
}

export type CertificationTypeInput = ApiBody<'createCertificationType'>

export function createCertificationType(body: CertificationTypeInput) {
  return unwrap(api.POST('/api/certification-types', { body }))
}

export function updateCertificationType({ id, ...body }: ApiBody<'updateCertificationType'> & { id: number }) {
  return unwrap(api.PUT('/api/certification-types/{type_id}', { params: { path: { type_id: id } }, body }))
}

/** Refused with 409 while employees hold the type, unless `confirm` (their certifications go too). */
export function deleteCertificationType({ id, confirm }: { id: number; confirm: boolean }) {
  return unwrap(
    api.DELETE('/api/certification-types/{type_id}', {
      params: { path: { type_id: id }, query: confirm ? { confirm: true } : undefined },
    }),
  )
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.certificationTypes }),
      queryClient.invalidateQueries({ queryKey: queryKeys.compliance }),
    ])
}

export function useCreateCertificationType() {
  const refresh = useRefreshAfterChange()
  return useMutation({ mutationFn: createCertificationType, onSuccess: refresh })
}

export function useUpdateCertificationType() {
  const refresh = useRefreshAfterChange()
  return useMutation({ mutationFn: updateCertificationType, onSuccess: refresh })
}

export function useDeleteCertificationType() {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: deleteCertificationType,
    onSuccess: () =>
      Promise.all([
        refresh(),
        // Deleting a held type takes its employee certifications with it.
        queryClient.invalidateQueries({ queryKey: queryKeys.certifications }),
      ]),
  })
}
