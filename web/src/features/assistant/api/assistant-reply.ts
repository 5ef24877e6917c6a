import { z } from 'zod'

export const assistantReplySchema = z.object({ response: z.string() })
