import { z } from 'zod'
import { type ApiSchema, replySchema } from '@/lib/api-types'

/** The employee and type embedded in certification replies. */
export const employeeSummarySchema = replySchema<ApiSchema<'api__certifications__schemas__EmployeeSummary'>>()(
  z.object({
    id: z.number(),
    employeeId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullish(),
    department: z.string().nullish(),
    departmentName: z.string().nullish(),
    position: z.string().nullish(),
    isArchived: z.boolean().default(false),
  }),
)

export type EmployeeSummary = z.output<typeof employeeSummarySchema>

export const typeSummarySchema = replySchema<ApiSchema<'CertificationTypeSummary'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    issuingOrganization: z.string().nullish(),
    validityMonths: z.number().nullish(),
    isRequired: z.boolean().default(false),
  }),
)
