import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, cartInputSchema } from './carts.js';
import { isNonPublicHost, isPublicIpAddress, parseUrl } from './network-address.js';

describe('isPublicIpAddress', () => {
  it('refuses every loopback, private, link-local, CGNAT, metadata and reserved IPv4 address', () => {
    for (const address of [
      '0.0.0.0',
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicIpAddress(address), address).toBe(false);
    }
  });

  it('refuses the IPv6 equivalents, IPv4-mapped and NAT64 forms of private addresses included', () => {
    for (const address of [
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:a9fe:a9fe]',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:0101::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
    ]) {
      expect(isPublicIpAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses, and nothing that is not an address', () => {
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicIpAddress(address), address).toBe(true);
    }
    for (const text of ['shop.example', '1.2.3', '256.1.1.1', '1::2::3', '']) {
      expect(isPublicIpAddress(text), text).toBe(false);
    }
  });
});

describe('isNonPublicHost', () => {
  it('sees through the decimal, octal and hexadecimal forms of 127.0.0.1 once a URL is parsed', () => {
    for (const url of [
      'https://2130706433/',
      'https://017700000001/',
      'https://0x7f.1/',
      'https://127.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
      'https://api.localhost./',
    ]) {
      expect(isNonPublicHost(parseUrl(url)?.hostname ?? ''), url).toBe(true);
    }
    expect(isNonPublicHost('shop.example')).toBe(false);
    expect(isNonPublicHost('93.184.216.34')).toBe(false);
  });
});

describe('the cart callback URL', () => {
  const fieldErrors = (callbackUrl: string) => {
    const parsed = cartInputSchema.safeParse({ callbackUrl });
    return parsed.success
      ? []
      : parsed.error.issues.filter((issue) => issue.path[0] === 'callbackUrl').map((issue) => issue.message);
  };

  it('takes https to a public host, none, or plain http to localhost (refused by the server outside development)', () => {
    expect(fieldErrors('https://shop.example/paid')).toEqual([]);
    expect(fieldErrors('')).toEqual([]);
    expect(fieldErrors('http://localhost:3000/paid')).toEqual([]);
    // 127.0.0.1 however written: the server refuses it outside development.
    expect(fieldErrors('http://2130706433/')).toEqual([]);
  });

  it('refuses http elsewhere and https to a local or private address', () => {
    expect(fieldErrors('http://shop.example/paid')).toEqual([CART_MESSAGES.httpsOnly]);
    expect(fieldErrors('http://10.0.0.5/')).toEqual([CART_MESSAGES.httpsOnly]);
    for (const url of [
      'https://127.0.0.1/paid',
      'https://2130706433/paid',
      'https://10.0.0.5/paid',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/paid',
      'https://[::ffff:192.168.0.1]/paid',
      'https://localhost/paid',
    ]) {
      expect(fieldErrors(url), url).toEqual([CART_MESSAGES.publicAddress]);
    }
  });
});
