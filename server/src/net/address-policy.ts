import { BlockList, isIP } from 'node:net';

// Which IP addresses an outbound request may connect to. Everything that is not the public
// internet is refused: a URL supplied by a client must never reach the server's own network,
// loopback services or a cloud metadata endpoint (169.254.169.254, fd00:ec2::254).

const BLOCKED_V4 = [
  '0.0.0.0/8', // "this" network
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
];

const BLOCKED_V6 = [
  '::/128',
  '::1/128',
  '2002::/16', // 6to4: reaches whatever IPv4 address it embeds
  '100::/64', // discard
  '2001:db8::/32', // documentation
  'fc00::/7', // unique local, incl. fd00:ec2::254
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated, still routable inside some networks)
  'ff00::/8', // multicast
];

function buildList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const type = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net ?? '', type);
    else list.addSubnet(net ?? '', Number(bits), type);
  }
  return list;
}

const blocked = buildList([...BLOCKED_V4, ...BLOCKED_V6]);
/**
 * Link-local ranges, where cloud metadata services answer: refused even when private addresses are
 * allowed (an operator's private upstreams never live there); only an explicit `allow` entry opens one.
 */
const metadata = buildList(['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254/128']);

/**
 * IPv6 forms that embed an IPv4 address in their last 32 bits (mapped ::ffff:0:0/96, IPv4-compatible
 * ::/96, NAT64 64:ff9b::/96, each compressed or written out) are judged by that address. (Node's
 * BlockList matches IPv4 addresses against such IPv6 ranges, so they cannot be listed as ranges.)
 */
const EMBEDDING = '(?:(?:0{1,4}:){5}ffff:|::ffff:|(?:0{1,4}:){6}|::|64:ff9b::|64:ff9b:(?:0{1,4}:){4})';
const DOTTED = new RegExp(`^${EMBEDDING}(\\d+\\.\\d+\\.\\d+\\.\\d+)$`);
const HEX = new RegExp(`^${EMBEDDING}([0-9a-f]{1,4}):([0-9a-f]{1,4})$`);

function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = DOTTED.exec(lower);
  if (dotted) return dotted[1];
  const hex = HEX.exec(lower);
  if (!hex) return undefined;
  const hi = Number.parseInt(hex[1] ?? '0', 16);
  const lo = Number.parseInt(hex[2] ?? '0', 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export interface AddressPolicyOptions {
  /** Addresses or CIDR ranges allowed even though they are non-public, e.g. `127.0.0.1` in tests. */
  allow?: readonly string[];
  /** Allow every non-public address (an operator's own upstream engines on a private network). */
  allowPrivate?: boolean;
}

export interface AddressPolicy {
  /** True when a connection to this literal IP address is permitted. */
  permits(address: string): boolean;
}

export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const allowed = buildList(options.allow ?? []);
  const judge = (address: string): boolean => {
    const family = isIP(address);
    if (family === 0) return false;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (allowed.check(address, type)) return true;
    if (metadata.check(address, type)) return false;
    if (options.allowPrivate) return true;
    return !blocked.check(address, type);
  };
  return {
    permits(address) {
      // Mapped and NAT64 spellings are judged by the IPv4 address they embed; other spellings of
      // those ranges (and IPv4-compatible, 6to4) fall in BLOCKED_V6 as a whole.
      const v4 = embeddedV4(address);
      return v4 === undefined ? judge(address) : judge(v4);
    },
  };
}
