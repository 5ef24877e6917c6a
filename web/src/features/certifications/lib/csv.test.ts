import { describe, expect, it } from 'vitest'
import { safeCell, toCsv } from './csv'

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

describe('safeCell', () => {
  it.each([
    ['\uFEFF=1+1', 'byte-order mark'],
    ['\u200B=1+1', 'zero-width space'],
    ['\u200C\u200D+1', 'zero-width joiners'],
    ['\u2060@SUM(A1)', 'word joiner'],
    ['\u00A0=1+1', 'no-break space'],
    [' =1+1', 'space'],
    ['\u3000 \u200B -1+2', 'ideographic space and zero-width space'],
    ['\u200E=1', 'left-to-right mark'],
    ['\nplain', 'a leading line break'],
    ['\tplain', 'a leading tab'],
    ['\uFF1D1+1', 'full-width equals sign'],
    ['\u3000\uFF0B1', 'full-width plus sign after an ideographic space'],
    ['\uFF0D3', 'full-width hyphen-minus'],
    ['\uFF20SUM(A1)', 'full-width commercial at'],
    ['\uFE661+1', 'small equals sign'],
  ])('escapes %j (%s)', (text) => {
    expect(safeCell(text)).toBe(`'${text}`)
  })

  it('leaves text whose first visible character starts no formula', () => {
    expect(safeCell('\uFEFFplain')).toBe('\uFEFFplain')
    expect(safeCell(' a=b')).toBe(' a=b')
    expect(safeCell('')).toBe('')
    expect(safeCell('-3')).toBe('-3')
  })

  it('escapes the same cells inside a whole file', () => {
    expect(toCsv([['\uFEFF=HYPERLINK("http://x","y")', '\u00A0@cmd']])).toBe(
      `"'\uFEFF=HYPERLINK(""http://x"",""y"")",'\u00A0@cmd`,
    )
  })
})
