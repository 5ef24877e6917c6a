import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'

describe('toCsv', () => {
  it('quotes only what needs it and joins rows with CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Note'],
        ['Ada', 'plain'],
        ['Lovelace, Ada', 'said "hi"'],
        ['Multi', 'line\nbreak'],
        [null, undefined],
      ]),
    ).toBe('Name,Note\r\nAda,plain\r\n"Lovelace, Ada","said ""hi"""\r\nMulti,"line\nbreak"\r\n,')
  })

  it('defuses spreadsheet formulas', () => {
    expect(toCsv([['=1+1', '+x', '-2+3+cmd|x', '@cmd', 'ok']])).toBe("'=1+1,'+x,'-2+3+cmd|x,'@cmd,ok")
    // Plain numbers stay numbers.
    expect(toCsv([['-3', -3, '-0.5', 42]])).toBe('-3,-3,-0.5,42')
    // A tab or carriage return before a formula, and a formula inside a quoted field.
    expect(toCsv([['\t=1+1', '\r=cmd', '=HYPERLINK("http://x","y"),z']])).toBe(
      `'\t=1+1,"'\r=cmd","'=HYPERLINK(""http://x"",""y""),z"`,
    )
  })
})
