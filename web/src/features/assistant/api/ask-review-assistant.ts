import { apiJson } from '@/lib/api-client'
import { assistantReplySchema } from './assistant-reply'

/** HR guidance for writing and running reviews. */
export function askReviewAssistant(message: string) {
  return apiJson(assistantReplySchema, 'POST', '/api/review-assistant', { message })
}
