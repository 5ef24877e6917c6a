import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useResetOnChange } from './use-reset-on-change'

function Draft({ item }: { item: string }) {
  const [draft, setDraft] = useState('typed')
  useResetOnChange([item], () => setDraft(''))
  return <p>{`${item}:${draft}`}</p>
}

describe('useResetOnChange', () => {
  it('keeps the state on the first render and for the same value, resets it for a new one', () => {
    const { rerender } = render(<Draft item="a" />)
    expect(screen.getByText('a:typed')).toBeInTheDocument()
    rerender(<Draft item="a" />)
    expect(screen.getByText('a:typed')).toBeInTheDocument()
    rerender(<Draft item="b" />)
    expect(screen.getByText('b:')).toBeInTheDocument()
  })
})
