let counter = 0;

/** A member nobody else in this run uses: unique e-mail and matric number. */
export function newMember(overrides: Partial<{ email: string; matric: string; password: string }> = {}) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    email: `member.${id}@example.com`,
    matric: `AE/E2E/${id}`.toUpperCase().slice(0, 32),
    password: 'first-pass-123',
    ...overrides,
  };
}
