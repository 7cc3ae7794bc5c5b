/**
 * Which IP addresses are public: reachable on the internet and none of the server's own neighbours
 * (loopback, private, link-local and cloud metadata, unique-local, carrier-grade NAT, documentation,
 * multicast and reserved ranges). Used to keep a merchant's callback from reaching inside the
 * provider's network. Pure text parsing, so that the portal and the server share it.
 */

/** `[first, prefix length]` of the IPv4 ranges that are not public (IANA special-purpose registry). */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The 32-bit value of a dotted-quad IPv4 address, or undefined for anything else. */
function ipv4Value(text: string): number | undefined {
  const parts = IPV4.exec(text)?.slice(1).map(Number);
  if (parts?.length !== 4 || parts.some((part) => part > 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + part, 0);
}

function inIpv4Range(value: number, [first, bits]: readonly [string, number]): boolean {
  const size = 2 ** (32 - bits);
  const start = ipv4Value(first) ?? 0;
  return value >= start && value < start + size;
}

function isPublicIpv4Value(value: number): boolean {
  return !NON_PUBLIC_IPV4.some((range) => inIpv4Range(value, range));
}

/** The eight 16-bit groups of an IPv6 address (brackets, a zone or an IPv4 tail allowed), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (address.includes('%')) address = address.slice(0, address.indexOf('%'));
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail !== null) {
    const v4 = ipv4Value(tail[2] ?? '');
    if (v4 === undefined) return undefined;
    address = `${tail[1] ?? ''}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return all.map((group) => parseInt(group, 16));
}

function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65_536 + g7;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address they carry.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return isPublicIpv4Value(embeddedV4);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicIpv4Value(embeddedV4);
  }
  // 6to4 carries an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return isPublicIpv4Value(g1 * 65_536 + g2);
  // Only global unicast (2000::/3) is public, less the IETF protocol block (Teredo among them) and
  // the documentation prefix.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false;
  if (g0 === 0x2001 && g1 === 0x0db8) return false;
  return true;
}

/** Whether `text` is an IP address literal (IPv4 dotted quad or IPv6, bracketed or not). */
export function isIpAddress(text: string): boolean {
  return ipv4Value(text) !== undefined || ipv6Groups(text) !== undefined;
}

/**
 * Whether an IP address literal is public. Anything that is not an address literal is not public
 * either: a caller resolves names first and classifies each address.
 */
export function isPublicIpAddress(text: string): boolean {
  const v4 = ipv4Value(text);
  if (v4 !== undefined) return isPublicIpv4Value(v4);
  const groups = ipv6Groups(text);
  return groups !== undefined && isPublicIpv6(groups);
}

/**
 * Whether a URL's host can be told to be non-public from its text alone: `localhost` (and names under
 * it) or a non-public address literal. The WHATWG URL parser has already turned the decimal, octal and
 * hexadecimal forms of an IPv4 address (`http://2130706433/`) into a dotted quad.
 */
export function isNonPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIpAddress(host) && !isPublicIpAddress(host);
}

/** The parts of a URL that decide where a request goes. */
interface UrlTarget {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}

// Node and every browser have the WHATWG URL; the contracts' ES-only library settings do not declare it.
declare const URL: { new (input: string): UrlTarget; canParse(input: string): boolean };

/** A URL parsed as a browser and Node parse it (IPv4 forms normalized), or undefined. */
export function parseUrl(value: string): UrlTarget | undefined {
  if (!URL.canParse(value)) return undefined;
  const { protocol, hostname, username, password } = new URL(value);
  return { protocol, hostname, username, password };
}
