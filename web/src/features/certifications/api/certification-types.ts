import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'
import { CERTIFICATION_TYPES_KEY, COMPLIANCE_KEY, EMPLOYEE_CERTIFICATIONS_KEY } from './keys'

export const certificationTypeSchema = replySchema<ApiSchema<'CertificationTypeRead'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullish(),
    issuingOrganization: z.string().nullish(),
    validityMonths: z.number().nullish(),
    isRequired: z.boolean().default(false),
    createdAt: z.string().nullish(),
    employeeCount: z.number().default(0),
    expiringCount: z.number().default(0),
    expiredCount: z.number().default(0),
  }),
)

export type CertificationType = z.output<typeof certificationTypeSchema>

export const certificationTypesQueryOptions = () =>
  queryOptions({
    queryKey: [CERTIFICATION_TYPES_KEY],
    queryFn: ({ signal }) =>
      apiJson(z.array(certificationTypeSchema), 'GET', CERTIFICATION_TYPES_KEY, undefined, { signal }),
  })

export function useCertificationTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...certificationTypesQueryOptions(), enabled })
}

export type CertificationTypeInput = ApiBody<'createCertificationType'>

export function createCertificationType(body: CertificationTypeInput) {
  return apiJson(certificationTypeSchema, 'POST', CERTIFICATION_TYPES_KEY, body)
}

export function updateCertificationType({ id, ...body }: ApiBody<'updateCertificationType'> & { id: number }) {
  return apiJson(certificationTypeSchema, 'PUT', `${CERTIFICATION_TYPES_KEY}/${id}`, body)
}

const deleteReplySchema = replySchema<ApiReply<'deleteCertificationType'>>()(
  z.object({
    success: z.boolean(),
    message: z.string().nullish(),
    removedCertifications: z.number().default(0),
  }),
)

/** Refused with 409 while employees hold the type, unless `confirm` (their certifications go too). */
export function deleteCertificationType({ id, confirm }: { id: number; confirm: boolean }) {
  const query = confirm ? '?confirm=true' : ''
  return apiJson(deleteReplySchema, 'DELETE', `${CERTIFICATION_TYPES_KEY}/${id}${query}`)
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CERTIFICATION_TYPES_KEY] }),
      queryClient.invalidateQueries({ queryKey: [COMPLIANCE_KEY] }),
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
        queryClient.invalidateQueries({ queryKey: [EMPLOYEE_CERTIFICATIONS_KEY] }),
      ]),
  })
}
