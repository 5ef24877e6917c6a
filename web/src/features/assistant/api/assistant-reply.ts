import { z } from 'zod'
import { type ApiSchema, replySchema } from '@/lib/api-types'

export const assistantReplySchema = replySchema<ApiSchema<'AssistantReply'>>()(z.object({ response: z.string() }))
