import { z } from 'zod'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { ROLES } from '@/lib/roles'

export const sessionSchema = replySchema<ApiReply<'getSession'>>()(
  z.object({
    userRole: z.enum(ROLES),
    organizationId: z.number(),
    organizationName: z.string(),
    organizationSubdomain: z.string().optional(),
    forcePasswordChange: z.boolean().default(false),
  }),
)
