import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { assistantReplySchema } from './assistant-reply'

/** HR guidance for writing and running reviews. */
export function askReviewAssistant(message: string) {
  const body: ApiBody<'askReviewAssistant'> = { message }
  return apiJson(assistantReplySchema, 'POST', '/api/review-assistant', body)
}
