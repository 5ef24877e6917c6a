import { apiJson } from '@/lib/api-client'
import { assistantReplySchema } from './assistant-reply'

/** How-to help about Merit's own features. */
export function askAiAssistant(message: string) {
  return apiJson(assistantReplySchema, 'POST', '/api/admin/ai-assistant', { message })
}
