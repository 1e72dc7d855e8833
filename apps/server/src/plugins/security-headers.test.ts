import { describe, expect, it } from 'vitest';
import { socketOrigin } from './security-headers.ts';

describe('socketOrigin', () => {
  it('is the live results socket origin of the public address, with its port', () => {
    expect(socketOrigin('https://portal.aesa.example')).toBe('wss://portal.aesa.example');
    expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketOrigin('https://aesa.example:8443/portal')).toBe('wss://aesa.example:8443');
  });
});
