/**
 * @vitest-environment-options { "url": "http://acme.merit.example.com:8443/employees" }
 */
import { afterEach, describe, expect, it } from 'vitest'
import { hostSubdomain, organizationAddress, siteHost } from './site'

function serverSaysBaseDomain(base: string) {
  const meta = document.createElement('meta')
  meta.name = 'merit-base-domain'
  meta.content = base
  document.head.append(meta)
}

afterEach(() => document.head.querySelector('meta[name="merit-base-domain"]')?.remove())

describe('organisation addresses', () => {
  it('strips the organisation code the address starts with, keeping the port', () => {
    serverSaysBaseDomain('merit.example.com')
    expect(hostSubdomain()).toBe('acme')
    expect(siteHost()).toBe('merit.example.com:8443')
    expect(organizationAddress('acme')).toBe('acme.merit.example.com:8443')
    expect(organizationAddress('globex')).toBe('globex.merit.example.com:8443')
  })

  it('takes the whole host as the base when the base domain is the host itself', () => {
    serverSaysBaseDomain('acme.merit.example.com')
    expect(hostSubdomain()).toBeNull()
    expect(organizationAddress('globex')).toBe('globex.acme.merit.example.com:8443')
  })

  it('falls back to the host as it is when the page does not name the base domain', () => {
    expect(hostSubdomain()).toBeNull()
    expect(siteHost()).toBe('acme.merit.example.com:8443')
  })
})
