import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const profileCertificationSchema = replySchema<ApiReply<'listEmployeeCertifications'>[number]>()(
  z.object({
    id: z.number(),
    certificationTypeId: z.number().nullish(),
    issueDate: z.string().nullish(),
    expirationDate: z.string().nullish(),
    certificateNumber: z.string().nullish(),
    isActive: z.boolean().default(true),
    status: z.string().nullish(),
    statusLabel: z.string().nullish(),
    daysUntilExpiry: z.number().nullish(),
    certificationType: z
      .object({ name: z.string(), issuingOrganization: z.string().nullish() })
      .nullish(),
  }),
)

export type ProfileCertification = z.output<typeof profileCertificationSchema>

export const employeeCertificationsKey = (employeeId: number) =>
  ['/api/employee-certifications', { employeeId }] as const

export const employeeCertificationsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeCertificationsKey(employeeId),
    queryFn: ({ signal }) =>
      apiJson(
        z.array(profileCertificationSchema),
        'GET',
        `/api/employee-certifications?employeeId=${employeeId}`,
        undefined,
        { signal },
      ),
  })

export function useEmployeeCertifications(employeeId: number) {
  return useQuery(employeeCertificationsQueryOptions(employeeId))
}
