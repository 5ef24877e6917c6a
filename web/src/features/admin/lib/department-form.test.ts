import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { isDuplicateSlug } from '../api/departments'
import { departmentFormSchema } from './department-form'

const firstMessage = (input: Record<string, string>) => {
  const parsed = departmentFormSchema.safeParse({ name: 'Research', slug: 'research', description: '', ...input })
  return parsed.success ? null : parsed.error.issues[0]?.message
}

describe('department form', () => {
  it('checks the department rules with the server messages', () => {
    expect(firstMessage({})).toBeNull()
    expect(firstMessage({ name: ' ' })).toBe('Department name is required')
    expect(firstMessage({ name: 'A' })).toBe('Department name must be at least 2 characters')
    expect(firstMessage({ name: 'N'.repeat(51) })).toBe('Department name must not exceed 50 characters')
    expect(firstMessage({ slug: '' })).toBe('Slug is required')
    expect(firstMessage({ slug: 'a' })).toBe('Slug must be at least 2 characters')
    expect(firstMessage({ slug: 's'.repeat(51) })).toBe('Slug must not exceed 50 characters')
    expect(firstMessage({ slug: 'Has Caps' })).toBe(
      'Slug may only contain lowercase letters, numbers, hyphens and underscores',
    )
    expect(firstMessage({ slug: 'ok_slug-2' })).toBeNull()
    expect(firstMessage({ description: 'd'.repeat(201) })).toBe('Description must not exceed 200 characters')
  })

  it('spots a duplicate slug by 409 or by an "already exists" message', () => {
    expect(isDuplicateSlug(new ApiError(409, 'Conflict', '{"message":"taken"}'))).toBe(true)
    expect(isDuplicateSlug(new ApiError(400, 'Bad Request', '{"message":"Slug research already exists"}'))).toBe(true)
    expect(isDuplicateSlug(new ApiError(400, 'Bad Request', '{"message":"Slug is required"}'))).toBe(false)
    expect(isDuplicateSlug(new Error('network'))).toBe(false)
  })
})
