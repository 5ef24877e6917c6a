import { describe, expect, it } from 'vitest'
import { CSV_COLUMNS, parseCsv, TEMPLATE_CSV } from '../lib/parse-csv'

describe('parseCsv', () => {
  it('keys every row by the header line', () => {
    const parsed = parseCsv('employeeId,firstName,lastName\nE001,Ada,Lovelace\nE002,Alan,Turing')
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { employeeId: 'E001', firstName: 'Ada', lastName: 'Lovelace' },
        { employeeId: 'E002', firstName: 'Alan', lastName: 'Turing' },
      ],
    })
  })

  it('trims cells, accepts Windows line breaks and skips blank lines', () => {
    const parsed = parseCsv('\uFEFF employeeId , email \r\n\r\n E001 , ada@example.com \r\n   \r\n')
    expect(parsed).toEqual({ ok: true, rows: [{ employeeId: 'E001', email: 'ada@example.com' }] })
  })

  it('fills missing cells with empty text and ignores extra ones', () => {
    const parsed = parseCsv('a,b,c\n1\n1,2,3,4')
    expect(parsed).toEqual({ ok: true, rows: [{ a: '1', b: '', c: '' }, { a: '1', b: '2', c: '3' }] })
  })

  it('reads quoted values with commas, doubled quotes and line breaks (RFC 4180)', () => {
    const parsed = parseCsv('\uFEFFposition,department,note\r\n"Rep, Senior",sales,"The ""Closer"""\r\n"Lead,\r\nNights",ops,\r\n')
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { position: 'Rep, Senior', department: 'sales', note: 'The "Closer"' },
        { position: 'Lead,\r\nNights', department: 'ops', note: '' },
      ],
    })
  })

  it('says when the header line opens a quote it never closes', () => {
    expect(parseCsv('employeeId,"firstName\nE001,Ada')).toEqual({ ok: false, problem: 'unreadable-header' })
  })

  it('reports empty input and input without data rows', () => {
    expect(parseCsv('')).toEqual({ ok: false, problem: 'empty' })
    expect(parseCsv('  \n \n')).toEqual({ ok: false, problem: 'empty' })
    expect(parseCsv('employeeId,firstName')).toEqual({ ok: false, problem: 'no-rows' })
    expect(parseCsv('employeeId,firstName\n\n')).toEqual({ ok: false, problem: 'no-rows' })
  })

  it('reads its own template: the ten columns and two sample employees', () => {
    const parsed = parseCsv(TEMPLATE_CSV)
    if (!parsed.ok) throw new Error('template did not parse')
    expect(parsed.rows).toHaveLength(2)
    expect(Object.keys(parsed.rows[0] ?? {})).toEqual([...CSV_COLUMNS])
    expect(parsed.rows[1]).toMatchObject({ employeeId: 'EMP1002', managerId: 'EMP1001', reviewSchedule: 'monthly' })
  })
})
