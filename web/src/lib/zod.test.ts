import { describe, expect, it } from 'vitest'
import { z } from './zod'

describe('zod for the forms', () => {
  it('interprets instead of compiling, so the CSP sees no eval check', () => {
    expect(z.config().jitless).toBe(true)
  })
})
