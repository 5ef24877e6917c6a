import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiSchema, replySchema } from '@/lib/api-types'
import { COMPLIANCE_KEY } from './keys'
import { employeeSummarySchema, typeSummarySchema } from './summaries'

export const requiredTypeComplianceSchema = replySchema<ApiSchema<'RequiredTypeCompliance'>>()(
  z.object({
    certificationType: typeSummarySchema,
    totalEmployees: z.number(),
    compliantCount: z.number(),
    missingCount: z.number(),
    expiredCount: z.number(),
    missing: z.array(employeeSummarySchema),
    expired: z.array(employeeSummarySchema.extend({ expirationDate: z.string().nullish() })),
  }),
)

export type RequiredTypeCompliance = z.output<typeof requiredTypeComplianceSchema>

export const complianceQueryOptions = () =>
  queryOptions({
    queryKey: [COMPLIANCE_KEY],
    queryFn: ({ signal }) =>
      apiJson(z.array(requiredTypeComplianceSchema), 'GET', COMPLIANCE_KEY, undefined, { signal }),
  })

export function useCompliance() {
  return useQuery(complianceQueryOptions())
}
