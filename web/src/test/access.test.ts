import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Reach } from '@/lib/access'
import { ROLES } from '@/lib/roles'
import { accessReply } from './access'

const RULES: Record<string, Reach[]> = {
  ALL: ['all'],
  LINE: ['line', 'own'],
  OWN: ['own'],
  LINE_ONLY: ['line'],
  ASSIGNED: ['assigned'],
  LINE_ASSIGNED: ['line', 'own', 'assigned'],
  OWN_ASSIGNED: ['own', 'assigned'],
  LINE_ONLY_ASSIGNED: ['line', 'assigned'],
  NONE: [],
}
const ROW = /^\s*\("(\w+)",\s*"(\w+)",((?:\s*\w+,?){6})\),?\s*$/

/** api/access/policy.py's table, read from the source (tests run in web/): key → the six columns' reaches. */
function serverTable(): Map<string, Reach[][]> {
  const source = readFileSync(resolve(process.cwd(), '../api/access/policy.py'), 'utf8')
  const table = new Map<string, Reach[][]>()
  for (const line of source.split('\n')) {
    const match = ROW.exec(line)
    if (!match) continue
    const columns = match[3]!.split(',').map((name) => name.trim()).filter(Boolean)
    table.set(`${match[1]}.${match[2]}`, columns.map((name) => RULES[name]!))
  }
  return table
}

describe('the tests’ copy of the server’s rules', () => {
  it('holds every rule of api/access/policy.py, row for row, so no screen is tested against rules the server lacks', () => {
    const table = serverTable()
    expect(table.size).toBeGreaterThan(20)
    const columns = [
      ['admin', 'open'],
      ['hr', 'open'],
      ['manager', 'open'],
      ['user', 'open'],
      ['manager', 'need_to_know'],
      ['user', 'need_to_know'],
    ] as const
    columns.forEach(([role, visibility], index) => {
      const expected = Object.fromEntries([...table].map(([key, row]) => [key, [...row[index]!].sort()]))
      expect(accessReply(role, visibility), `${role} ${visibility}`).toEqual(expected)
    })
    expect(ROLES).toEqual(['admin', 'hr', 'manager', 'user'])
  })
})
