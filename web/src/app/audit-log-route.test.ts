import { describe, expect, it } from 'vitest'
import type { Role } from '@/lib/roles'
import { viewerFor } from '@/test/access'
import { canOpen, orgCodeFromPath } from './paths'

describe('/audit-log', () => {
  it.each<[Role, boolean]>([
    ['admin', true],
    ['hr', true],
    ['manager', false],
    ['user', false],
  ])('opens to %s: %s', (role, opens) => {
    expect(canOpen(viewerFor(role).access, '/audit-log')).toBe(opens)
  })

  it('is a screen, not an organization code', () => {
    expect(orgCodeFromPath('/audit-log')).toBeUndefined()
  })
})
