import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/errors';
import { fromInfrastructure } from '../../infra/services';

/**
 * Where a webhook may go (issue 30): public unicast addresses only, checked after DNS resolution and again on every
 * redirect, and the connection made to the address that was checked (no second lookup an attacker's DNS could
 * answer differently). Every special-purpose range of IANA's registries, for both families, is refused unless the
 * operator's allow-list (WEBHOOK_ALLOWED_PRIVATE_TARGETS) names it: `ipaddr.js` classifies the address, and an IPv6
 * address that carries an IPv4 address to be reached through (mapped, translated, IPv4-compatible, NAT64, 6to4,
 * Teredo) is judged by the IPv4 addresses it carries (issue 50).
 */
type Address = ipaddr.IPv4 | ipaddr.IPv6;

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address leads to: none for a native one, null for a range that leads nowhere public
 * (NAT64's local-use prefix, whose mapping is the operator's own).
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4(p[6]!, p[7]!)];
    case 'rfc6052': // 64:ff9b::a.b.c.d; 64:ff9b:1::/48 is for local use
      return p[2] === 0 ? [v4(p[6]!, p[7]!)] : null;
    case '6to4': // 2002:aabb:ccdd::/48
      return [v4(p[1]!, p[2]!)];
    case 'teredo': // 2001:0:server:flags:port:client, the client's address and port inverted
      return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  }
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js calls unicast; :: and ::1 land here too.
  if (p.slice(0, 6).every((part) => part === 0)) return [v4(p[6]!, p[7]!)];
  return [];
}

/** IPv6's global unicast space (2000::/3): everything outside it is reserved, local or special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * The address, read only from the forms DNS answers and URLs normalise to (ipaddr.js also reads `1.2.3` and
 * hexadecimal). IPv6 is written out by the URL parser first: ipaddr.js reads `::127.0.0.1` as IPv4-mapped, which it
 * is not. A scoped address (`fe80::1%eth0`) is refused.
 */
function parse(raw: string): Address | null {
  const family = net.isIP(raw);
  if (family === 4) return ipaddr.parse(raw);
  if (family !== 6) return null;
  try {
    return ipaddr.parse(new URL(`http://[${raw}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/** A public unicast address: not in any special-purpose range, and nor is any IPv4 address it carries. */
export function isPublicAddress(raw: string): boolean {
  const address = parse(raw);
  if (!address) return false;
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const carried = carriedIPv4(v6);
  if (carried === null) return false;
  if (carried.length > 0) return carried.every((inner) => inner.range() === 'unicast');
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** The operator's allow-list: ranges of one family each (an IPv4 range never matches an IPv6 address). */
type AllowList = ReadonlyArray<[Address, number]>;

/** The operator's allow-list: comma-separated addresses or CIDR ranges (WEBHOOK_ALLOWED_PRIVATE_TARGETS). */
export function parseAllowList(list: string): AllowList {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [address, bits] = item.split('/');
      if (!net.isIP(address!) || (bits !== undefined && !ipaddr.isValidCIDR(item)))
        throw new Error(`WEBHOOK_ALLOWED_PRIVATE_TARGETS: ${item} is not an address or range`);
      const parsed = ipaddr.parse(address!);
      return [parsed, bits === undefined ? (parsed.kind() === 'ipv4' ? 32 : 128) : Number(bits)];
    });
}

const configuredAllowList = fromInfrastructure(({ webhookAllowedPrivateTargets }) =>
  parseAllowList(webhookAllowedPrivateTargets),
);
let replacedAllowList: AllowList | null = null;
const allowList = () => replacedAllowList ?? configuredAllowList();

/**
 * Replaces the configured allow-list while the process runs (tests take a target in and out of it); null returns to
 * the configured one (a test file leaves it so for the next file its worker runs).
 */
export function setAllowedPrivateTargets(list: string | null): void {
  replacedAllowList = list === null ? null : parseAllowList(list);
}

/**
 * Whether the operator's allow-list names the address; an IPv4-mapped address (how a dual-stack socket shows IPv4) as
 * the IPv4 address it is. Other IPv6 forms carrying a listed IPv4 address are not listed: they are reached through
 * translators and relays the operator did not name.
 */
export function isAllowListed(raw: string): boolean {
  const parsed = parse(raw);
  if (!parsed) return false;
  const address =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  return allowList().some(
    ([range, bits]) => range.kind() === address.kind() && address.match(range as never, bits),
  );
}

export function isAllowedAddress(raw: string): boolean {
  return isAllowListed(raw) || isPublicAddress(raw);
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );
}

export class BlockedTargetError extends Error {}

/**
 * Checks a URL: scheme, and every address its host resolves to. Returns the addresses (all allowed). https only,
 * except for targets the allow-list names.
 */
export async function checkTarget(url: URL): Promise<LookupAddress[]> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BlockedTargetError('Only https:// URLs');
  if (url.username || url.password)
    throw new BlockedTargetError('The URL may not carry a user name or password');
  const host = hostOf(url);
  let addresses: LookupAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new BlockedTargetError(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new BlockedTargetError(`${host} does not resolve`);
  const refused = addresses.find((a) => !isAllowedAddress(a.address));
  if (refused) {
    throw new BlockedTargetError(
      `${host} resolves to ${refused.address}, an address that is not public (private, loopback, link-local or another special-purpose range): webhooks go to public addresses only`,
    );
  }
  if (url.protocol === 'http:' && !addresses.every((a) => isAllowListed(a.address))) {
    throw new BlockedTargetError('Webhook URLs must use https://');
  }
  return addresses;
}

/** The registration check: 400 naming the reason. */
export async function assertWebhookTarget(raw: string): Promise<void> {
  try {
    await checkTarget(new URL(raw));
  } catch (err) {
    if (err instanceof BlockedTargetError) throw badRequest(`url: ${err.message}`);
    throw err;
  }
}

export interface PostResult {
  status: number;
  body: string;
}

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;
const MAX_BODY = 4096;

/**
 * POSTs `body` to `url` through the guard: the target is checked before any connection, the socket connects to a
 * checked address, and a redirect (307/308 keep the POST) is checked again before it is followed. Other 3xx answers
 * are returned as they are (a failure to the caller).
 */
export async function guardedPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  redirects = 0,
): Promise<PostResult> {
  const target = new URL(url);
  const addresses = await checkTarget(target);
  const pinned = addresses[0]!;
  const client = target.protocol === 'https:' ? https : http;
  const result = await new Promise<PostResult & { location?: string }>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        timeout: TIMEOUT_MS,
        // The connection goes to the address checked above, whatever DNS says now.
        lookup: (_host, options, cb) => {
          const all = (options as { all?: boolean }).all;
          if (all) (cb as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_BODY) text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text.slice(0, MAX_BODY),
            location: res.headers.location,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
  if ((result.status === 307 || result.status === 308) && result.location) {
    if (redirects >= MAX_REDIRECTS) throw new BlockedTargetError('Too many redirects');
    return guardedPost(new URL(result.location, target).toString(), body, headers, redirects + 1);
  }
  return { status: result.status, body: result.body };
}
