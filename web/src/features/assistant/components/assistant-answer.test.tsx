import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/utils'
import { AssistantAnswer } from './assistant-answer'

describe('AssistantAnswer', () => {
  it('links the screens an answer names and keeps the rest as written', async () => {
    const onNavigate = vi.fn()
    const text = 'Creating a review template\n\nClick Create Template.\n\nOpen: Templates (/templates) · Reviews (/reviews)'
    const { container } = renderWithProviders(<AssistantAnswer text={text} onNavigate={onNavigate} />)

    const templates = screen.getByRole('link', { name: 'Templates' })
    expect(templates).toHaveAttribute('href', '/templates')
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/reviews')
    expect(container.textContent).toBe(
      'Creating a review template\n\nClick Create Template.\n\nOpen: Templates · Reviews',
    )

    await userEvent.click(templates)
    expect(onNavigate).toHaveBeenCalledOnce()
    expect(window.location.pathname).toBe('/templates')
  })

  it('leaves text without screen paths alone', () => {
    const { container } = renderWithProviders(<AssistantAnswer text="Ratings run from 1 (low) to 5." />)
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(container.textContent).toBe('Ratings run from 1 (low) to 5.')
  })
})
