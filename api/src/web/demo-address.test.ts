import { describe, expect, it } from 'vitest';
import { demoAddressRedirect } from './demo-address';

describe('the demo sends a page opened at another loopback name to PUBLIC_URL', () => {
  const publicUrl = 'http://localhost:8080';

  it('redirects between loopback names, keeping the path', () => {
    expect(demoAddressRedirect('127.0.0.1:8080', '/bans?page=2', publicUrl)).toBe('http://localhost:8080/bans?page=2');
    expect(demoAddressRedirect('[::1]:8080', '/', publicUrl)).toBe('http://localhost:8080/');
    expect(demoAddressRedirect('localhost:9090', '/x', publicUrl)).toBe('http://localhost:8080/x');
    expect(demoAddressRedirect('127.0.0.1:8080', '/', 'http://127.0.0.1:8080')).toBeNull();
  });

  it('never builds a second origin from the request, and leaves other hosts alone', () => {
    expect(demoAddressRedirect('127.0.0.1:8080', '//evil.example/x', publicUrl)).toBe('http://localhost:8080/');
    expect(demoAddressRedirect('localhost:8080', '/', publicUrl)).toBeNull();
    expect(demoAddressRedirect('demo.example.org', '/', publicUrl)).toBeNull();
    expect(demoAddressRedirect('127.0.0.1:8080', '/', 'https://demo.example.org')).toBeNull();
    expect(demoAddressRedirect(undefined, '/', publicUrl)).toBeNull();
    expect(demoAddressRedirect('bad host/with space', '/', publicUrl)).toBeNull();
  });
});
