import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/utils'
import { AuditLogCard } from './audit-log-card'

describe('AuditLogCard', () => {
  it('leads from the admin page to the Audit Log', () => {
    renderWithProviders(<AuditLogCard />, { as: 'hr' })
    expect(screen.getByRole('link', { name: 'Open Audit Log' })).toHaveAttribute('href', '/audit-log')
  })
})
