import { z } from 'zod'
import { type ApiSchema, replySchema } from '@/lib/api-types'

/** An organisation as the sign-in flow and the banner show it (the API's OrganizationSummary). */
export const organizationSummarySchema = replySchema<ApiSchema<'OrganizationSummary'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    subdomain: z.string(),
    industry: z.string().nullish(),
    size: z.string().nullish(),
    logoUrl: z.string().nullish(),
  }),
)
