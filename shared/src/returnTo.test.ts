import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './returnTo';

describe('safeReturnTo (issue 23)', () => {
  it.each([
    ['/my-loads', '/my-loads'],
    ['/tracking/6650a1b2c3d4e5f601234567?tab=chat', '/tracking/6650a1b2c3d4e5f601234567?tab=chat'],
    ['/freight?load=abc&action=offer', '/freight?load=abc&action=offer'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, kept) => {
    expect(safeReturnTo(input)).toBe(kept);
  });

  it.each([
    'https://evil.example/x',
    'http:/evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/a\nb',
    '/api/logout',
    '/api',
    '/?auth=signin',
    '',
    `/${'a'.repeat(1000)}`,
    42,
    null,
  ])('refuses %s', (input) => {
    expect(safeReturnTo(input)).toBeNull();
  });
});
