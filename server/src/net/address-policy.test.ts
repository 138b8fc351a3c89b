import { describe, expect, it } from 'vitest';
import { createAddressPolicy } from './address-policy.js';

describe('address policy', () => {
  const policy = createAddressPolicy();

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '::7f00:1',
    '::169.254.169.254',
    '0:0:0:0:0:ffff:7f00:1',
    '2002:7f00:1::1',
    '2002:808:808::1',
    '64:ff9b:0:0:0:0:a00:1',
  ])('refuses non-public %s', (address) => {
    expect(policy.permits(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.4.4'])(
    'permits public %s',
    (address) => {
      expect(policy.permits(address)).toBe(true);
    },
  );

  it('refuses things that are not IP addresses', () => {
    expect(policy.permits('localhost')).toBe(false);
  });

  it('lets an allow list open single addresses and ranges, and nothing else', () => {
    const open = createAddressPolicy({ allow: ['127.0.0.1', '10.20.0.0/16'] });
    expect(open.permits('127.0.0.1')).toBe(true);
    expect(open.permits('::ffff:127.0.0.1')).toBe(true);
    expect(open.permits('10.20.3.4')).toBe(true);
    expect(open.permits('127.0.0.2')).toBe(false);
    expect(open.permits('10.21.0.1')).toBe(false);
    expect(open.permits('169.254.169.254')).toBe(false);
  });

  it('allowPrivate opens every non-public address but the link-local metadata ranges', () => {
    const privateOk = createAddressPolicy({ allowPrivate: true });
    expect(privateOk.permits('192.168.0.10')).toBe(true);
    expect(privateOk.permits('10.0.0.1')).toBe(true);
    for (const metadata of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fd00:ec2::254',
    ])
      expect(privateOk.permits(metadata), metadata).toBe(false);
  });
});
