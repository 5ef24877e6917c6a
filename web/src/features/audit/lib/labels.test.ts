import { describe, expect, it } from 'vitest'
import { fieldLabel, shownValue } from './changes'
import { recordName } from './labels'

describe('the log’s labels', () => {
  it('names fields as people do, an employee’s own employee_id being their code', () => {
    expect(fieldLabel('manager_id', 'employee')).toBe('Manager')
    expect(fieldLabel('employee_id', 'employee')).toBe('Employee ID')
    expect(fieldLabel('employee_id', 'review')).toBe('Employee')
    expect(fieldLabel('audit_retention_days', 'settings')).toBe('Audit retention days')
    expect(fieldLabel('parent_id', 'department')).toBe('Parent')
  })

  it('shows values for reading', () => {
    expect(shownValue(null)).toBe('—')
    expect(shownValue(false)).toBe('No')
    expect(shownValue('2025-10-22', 'start_date')).toBe('Oct 22, 2025')
    expect(shownValue('hr', 'role')).toBe('HR')
    expect(shownValue('biannual', 'review_schedule')).toBe('Biannual')
    expect(shownValue(2048, 'file_size')).toBe('2.0 KB')
    expect(shownValue(['a', 'b'])).toBe('["a","b"]')
    expect(shownValue('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`)
  })

  it('names a record by its kind and a short id, the whole id on hover', () => {
    expect(recordName('employee', '12')).toEqual({ text: 'Employee #12' })
    expect(recordName('session', null)).toEqual({ text: 'Sign-in' })
    expect(recordName('role', 'manager')).toEqual({ text: 'Manager sign-in' })
    expect(recordName('user', 'u-0123456789abcdef')).toEqual({
      text: 'Account #u-012345…',
      title: 'Account u-0123456789abcdef',
    })
  })
})
