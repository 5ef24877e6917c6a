import { api, unwrap } from '@/lib/api-client'

/** How-to help about Merit's own features. */
export function askAiAssistant(message: string) {
  return unwrap(api.POST('/api/admin/ai-assistant', { body: { message } }))
}
