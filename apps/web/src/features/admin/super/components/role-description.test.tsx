// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RoleDescription } from './role-description.tsx';

afterEach(cleanup);

describe('a role card description', () => {
  it('cuts a long description to three lines until asked, so it does not stretch its row of cards', async () => {
    const text = 'Keeps the records of the association. '.repeat(14); // about 500 characters
    render(<RoleDescription text={text} />);
    const paragraph = screen.getByText(text.trim());
    expect(paragraph.className).toContain('line-clamp-3');
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole description' }));
    expect(paragraph.className).not.toContain('line-clamp-3');
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a short description whole, with nothing to press', () => {
    render(<RoleDescription text="Runs the events." />);
    expect(screen.getByText('Runs the events.').className).not.toContain('line-clamp');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
