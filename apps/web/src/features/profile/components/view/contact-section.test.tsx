// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileData } from '../../api/get-profile.ts';
import { ContactSection } from './contact-section.tsx';

afterEach(cleanup);

describe('Contact Info', () => {
  it('lets a long e-mail address wrap after the @ and before a dot, never inside a word', () => {
    const email = 'oluwaseun.adebayo-okonkwo@students.aerospace.example.edu.ng';
    render(<ContactSection profile={{ email, phone_number: null, show_email: true } as unknown as ProfileData} mode="member" />);
    const link = screen.getByRole('link', { name: email });
    expect(link.getAttribute('href')).toBe(`mailto:${email}`);
    // The only break opportunities are the <wbr>s: between "…okonkwo@" and "students", and before each dot.
    const pieces = link.innerHTML.split('<wbr>');
    expect(pieces).toEqual(['oluwaseun', '.adebayo-okonkwo@', 'students', '.aerospace', '.example', '.edu', '.ng']);
  });
});
