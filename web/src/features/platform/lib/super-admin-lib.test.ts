import { describe, expect, it } from 'vitest'
import { deriveSubdomain } from './derive-subdomain'
import { organizationStats } from './organization-stats'

describe('deriveSubdomain', () => {
  it('follows the create form rule', () => {
    expect(deriveSubdomain('Acme Widgets, Inc.')).toBe('acme-widgets-inc')
    expect(deriveSubdomain('  --Hello   World--  ')).toBe('hello-world')
    expect(deriveSubdomain('Café Ünïon')).toBe('caf-n-on')
    expect(deriveSubdomain('x'.repeat(80))).toBe('x'.repeat(50))
    expect(deriveSubdomain(`${'a'.repeat(49)} b`)).toBe('a'.repeat(49))
    expect(deriveSubdomain('!!!')).toBe('')
  })
})

describe('organizationStats', () => {
  it('counts what each card says it counts', () => {
    const now = new Date(2030, 4, 20)
    const stats = organizationStats(
      [
        { subdomain: 'acme', industry: 'Technology', createdAt: new Date(2030, 4, 2).toISOString() },
        { subdomain: 'globex', industry: ' technology ', createdAt: new Date(2030, 4, 31).toISOString() },
        { subdomain: 'initech', industry: 'Finance', createdAt: new Date(2030, 3, 30).toISOString() },
        { subdomain: '', industry: null, createdAt: new Date(2029, 4, 10).toISOString() },
      ],
      now,
    )
    expect(stats).toEqual({ total: 4, active: 3, industries: 2, thisMonth: 2 })
  })

  it('is all zeros for no organisations', () => {
    expect(organizationStats([])).toEqual({ total: 0, active: 0, industries: 0, thisMonth: 0 })
  })
})
