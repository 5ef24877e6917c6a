import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { assistantReplySchema } from './assistant-reply'

/** How-to help about Merit's own features. */
export function askAiAssistant(message: string) {
  const body: ApiBody<'askAiAssistant'> = { message }
  return apiJson(assistantReplySchema, 'POST', '/api/admin/ai-assistant', body)
}
