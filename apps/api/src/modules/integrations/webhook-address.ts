import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (docs/decisions/037): public addresses only. A host is resolved and every
 * address it has is checked, on create and again on every delivery (the check runs in the connection's
 * own lookup, so the address checked is the address connected to). Refused: unspecified, loopback,
 * private (RFC 1918, shared 100.64/10), link-local, unique-local (fc00::/7), multicast and reserved
 * ranges, IPv4 and IPv6 alike, an IPv4 address written as IPv6 (::ffff:127.0.0.1) checked as the IPv4
 * address it is. The operator's WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true allows them (a receiver on the
 * same machine or network).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, or the old ::a.b.c.d form). */
function embeddedIpv4(groups: number[]): string | undefined {
  const zeros = groups.slice(0, 5).every((g) => g === 0);
  const mapped = zeros && groups[5] === 0xffff;
  const compatible = zeros && groups[5] === 0 && ((groups[6] ?? 0) !== 0 || (groups[7] ?? 0) > 1);
  if (!mapped && !compatible) return undefined;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to. Anything not an address is. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIpv4(groups);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(address.split('%')[0] ?? address, 'ipv6');
}

/** Why a host cannot be sent to. */
export class RefusedAddressError extends Error {
  constructor(
    readonly reason: 'private' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses it when any of its addresses is
 * private (unless `allowPrivate`): the connection is made only to an address that was checked.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) {
        callback(
          new RefusedAddressError('unresolvable', `${hostname} could not be found (${error.code ?? 'DNS'})`),
          [],
        );
        return;
      }
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) {
        callback(new RefusedAddressError('private', `${hostname} is a private address (${bad.address})`), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

/** Checks a URL's host before it is saved: resolves it, every address public unless `allowPrivate`. */
export function checkWebhookHost(url: URL, allowPrivate: boolean): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!allowPrivate && isPrivateAddress(host)) {
      return Promise.reject(new RefusedAddressError('private', `${host} is a private address`));
    }
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(host, { all: true }, (error) => (error ? reject(error) : resolve()));
  });
}
