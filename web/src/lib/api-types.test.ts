import { describe, expect, it } from 'vitest'
import { knownText } from './api-types'

describe('knownText', () => {
  const status = knownText(['pending', 'completed'], 'pending')

  it('keeps a value the client knows', () => {
    expect(status.parse('completed')).toBe('completed')
  })

  it('reads text the client does not know as the fallback, and still refuses what is not text', () => {
    expect(status.parse('archived')).toBe('pending')
    expect(status.safeParse(null).success).toBe(false)
  })
})
