import { api, unwrap } from '@/lib/api-client'

/** HR guidance for writing and running reviews. */
export function askReviewAssistant(message: string) {
  return unwrap(api.POST('/api/review-assistant', { body: { message } }))
}
