import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { BulkUploadDialog } from './bulk-upload-dialog'
import { bodyOf } from './test-data'

const URL = '/api/employees/bulk-upload'
const CSV = [
  'employeeId,firstName,lastName,email,department,position,startDate,reviewSchedule,managerId,nextReviewDate',
  'E001,Ada,Lovelace,ada@example.com,engineering,Engineer,2024-01-15,quarterly,,',
  'E002,Bad,Row,not-an-email,engineering,Engineer,2024-01-15,monthly,E001,2027-01-01',
].join('\n')

function renderDialog() {
  const onOpenChange = vi.fn()
  renderWithProviders(<BulkUploadDialog open onOpenChange={onOpenChange} />)
  return { onOpenChange }
}

const csvBox = () => screen.getByLabelText('CSV Data')
const paste = (text: string) => fireEvent.change(csvBox(), { target: { value: text } })
const upload = () => userEvent.click(screen.getByRole('button', { name: 'Upload Employees' }))

describe('BulkUploadDialog', () => {
  it('offers the template as employee-upload-template.csv', () => {
    mockApi({})
    renderDialog()
    const link = screen.getByRole('link', { name: 'Download Template' })
    expect(link).toHaveAttribute('download', 'employee-upload-template.csv')
    const csv = decodeURIComponent(link.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''))
    expect(csv.split('\n')[0]).toBe(
      'employeeId,firstName,lastName,email,department,position,startDate,reviewSchedule,managerId,nextReviewDate',
    )
  })

  it("says 'CSV Data Required' for an empty box and sends nothing", async () => {
    const fetchMock = mockApi({})
    renderDialog()
    paste('   ')
    await upload()
    expect(await screen.findByText('CSV Data Required')).toBeInTheDocument()
    expect(screen.getByText('Please paste your CSV data before uploading')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("says 'Invalid CSV Format' when there is no data row", async () => {
    const fetchMock = mockApi({})
    renderDialog()
    paste('employeeId,firstName,lastName\n\n')
    await upload()
    expect(await screen.findByText('Invalid CSV Format')).toBeInTheDocument()
    expect(screen.getByText('Please check your CSV format and try again')).toBeInTheDocument()
    expect(csvBox()).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the CSV text and shows the results, then Upload More starts over', async () => {
    const fetchMock = mockApi({
      [`POST ${URL}`]: jsonResponse(200, {
        successful: [{ name: 'Ada Lovelace', employeeId: 'E001', row: 2 }],
        failed: [{ row: 3, error: 'Invalid email format' }],
        total: 2,
      }),
    })
    renderDialog()
    paste(CSV)
    await upload()

    expect(await screen.findByText('Bulk Upload Completed')).toBeInTheDocument()
    expect(screen.getByText('Successfully imported 1 of 2 employees')).toBeInTheDocument()
    // The text goes as it is: the server reads it as CSV and numbers the rows.
    expect(bodyOf(fetchMock, 'POST', URL)).toEqual({ csvText: CSV })
    const failed = screen.getByRole('region', { name: 'Not imported (1)' })
    expect(within(failed).getByRole('listitem')).toHaveTextContent('Row 3: Invalid email format')
    const imported = screen.getByRole('region', { name: 'Imported (1)' })
    expect(within(imported).getByRole('listitem')).toHaveTextContent('Ada LovelaceE001 · Row 2')

    await userEvent.click(screen.getByRole('button', { name: 'Upload More' }))
    expect(csvBox()).toHaveValue('')
  })

  it("shows each message of an error list, and 'Unknown error' without one; Done closes", async () => {
    mockApi({
      [`POST ${URL}`]: jsonResponse(200, {
        successful: [],
        failed: [
          { row: 2, error: [{ message: 'First name is required' }, { message: 'Invalid email format' }] },
          { row: 3, error: null },
        ],
        total: 2,
      }),
    })
    const { onOpenChange } = renderDialog()
    paste(CSV)
    await upload()
    expect(await screen.findByText('Successfully imported 0 of 2 employees')).toBeInTheDocument()
    const items = within(screen.getByRole('region', { name: 'Not imported (2)' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'Row 2: First name is required; Invalid email format',
      'Row 3: Unknown error',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it("shows 'Upload Failed' with the server's message, else 'Upload failed'", async () => {
    mockApi({ [`POST ${URL}`]: jsonResponse(403, { message: "You don't have permission to do this" }) })
    renderDialog()
    paste(CSV)
    await upload()
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument()
    expect(screen.getByText("You don't have permission to do this")).toBeInTheDocument()
    // Still on the input step with the text kept.
    expect(csvBox()).toHaveValue(CSV)
  })

  it("falls back to 'Upload failed' without a server message", async () => {
    mockApi({ [`POST ${URL}`]: new Response('', { status: 500 }) })
    renderDialog()
    paste(CSV)
    await upload()
    expect(await screen.findByText('Upload failed')).toBeInTheDocument()
  })

  it('sends an Excel export with a quoted comma, CRLF and a BOM untouched and lists its malformed line', async () => {
    const excel = `\uFEFF${CSV.split('\n')[0]}\r\nE001,Ada,Lovelace,ada@example.com,engineering,"Rep, Senior",2024-01-15,quarterly,,\r\nE002,Bo,Ng,bo@example.com,sales,"Rep, Senior,2024-01-15,quarterly,,\r\n`
    const unclosed = 'A quoted value on this line has no closing quote ("), so the line could not be read'
    const fetchMock = mockApi({
      [`POST ${URL}`]: jsonResponse(200, {
        successful: [{ name: 'Ada Lovelace', employeeId: 'E001', row: 2 }],
        failed: [{ row: 3, error: unclosed }],
        total: 2,
      }),
    })
    renderDialog()
    paste(excel)
    await upload()
    expect(await screen.findByText('Successfully imported 1 of 2 employees')).toBeInTheDocument()
    // A text box keeps line breaks as \n; the BOM and the quotes go as they are.
    expect(bodyOf(fetchMock, 'POST', URL)).toEqual({ csvText: excel.replaceAll('\r\n', '\n') })
    const failed = screen.getByRole('region', { name: 'Not imported (1)' })
    expect(within(failed).getByRole('listitem')).toHaveTextContent(`Row 3: ${unclosed}`)
  })

  it('refuses a header line whose quote is never closed and sends nothing', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    paste('employeeId,"firstName\nE001,Ada')
    await upload()
    expect(await screen.findByText('Invalid CSV Format')).toBeInTheDocument()
    expect(screen.getByText('The header line has a quote (") that is never closed.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('loads a chosen CSV file into the box', async () => {
    mockApi({})
    renderDialog()
    await userEvent.upload(screen.getByLabelText('CSV file'), new File([CSV], 'people.csv', { type: 'text/csv' }))
    await waitFor(() => expect(csvBox()).toHaveValue(CSV))
  })

  it('refuses a binary or too large file instead of loading it into the box', async () => {
    mockApi({})
    renderDialog()
    const chooser = screen.getByLabelText('CSV file')
    const binary = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])], 'people.csv')
    await userEvent.upload(chooser, binary)
    expect(await screen.findAllByText('Please choose a CSV text file')).not.toHaveLength(0)
    const huge = new File(['x'], 'people.csv', { type: 'text/csv' })
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 })
    await userEvent.upload(chooser, huge)
    expect(await screen.findAllByText('Please choose a CSV file smaller than 5MB')).not.toHaveLength(0)
    expect(csvBox()).toHaveValue('')
  })
})
