// A spreadsheet runs a cell as a formula when its first visible character is = + - or @,
// skipping white space and invisible characters (byte-order mark, zero-width space, word
// joiner, no-break space; controls, format characters and separators) to find it. A cell
// starting with a tab or a line break is escaped as well, as some programs skip those too.
// The full-width and small forms (＝ ＋ － ＠, ﹦ …) count too, read after NFKC normalisation:
// spreadsheets set up for East Asian input may take them for the ASCII ones.
const FORMULA = /^(?:[\t\r\n]|[\s\p{Cc}\p{Cf}\p{Z}]*[=+\-@])/u
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** The text of one cell, with a leading quote when a spreadsheet could run it as a formula;
 * a plain number (say -3 days) cannot be one and stays a number. */
export function safeCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  return FORMULA.test(text.normalize('NFKC')) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/** CSV text (RFC 4180): fields with commas, quotes or line breaks are quoted, and every
 * field goes through `safeCell`. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows
    .map((row) =>
      row
        .map((value) => {
          const text = safeCell(value)
          return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
        })
        .join(','),
    )
    .join('\r\n')
}

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark lets spreadsheet programs read the UTF-8 names correctly.
  const blob = new Blob(['\uFEFF', text], { type })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.rel = 'noopener'
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
