import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';
import { badRequest } from '../../http/errors';
import { fromInfrastructure } from '../../infra/services';

/**
 * Where a webhook may go (issue 30): public unicast addresses only, checked after DNS resolution and again on every
 * redirect, and the connection made to the address that was checked (no second lookup an attacker's DNS could
 * answer differently). Private, loopback, link-local, shared, reserved and multicast targets are refused unless the
 * operator's allow-list (WEBHOOK_ALLOWED_PRIVATE_TARGETS) names them.
 */
const BLOCKED = new BlockList();
for (const [net4, prefix] of [
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
] as const)
  BLOCKED.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net6, prefix, 'ipv6');

/** The operator's allow-list: comma-separated addresses or CIDR ranges (WEBHOOK_ALLOWED_PRIVATE_TARGETS). */
export function parseAllowList(list: string): BlockList {
  const allowed = new BlockList();
  for (const item of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, bits] = item.split('/');
    const family = net.isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address!))
      throw new Error(`WEBHOOK_ALLOWED_PRIVATE_TARGETS: ${item} is not an address or range`);
    if (bits === undefined) allowed.addAddress(address!, family);
    else allowed.addSubnet(address!, Number(bits), family);
  }
  return allowed;
}

const configuredAllowList = fromInfrastructure(({ webhookAllowedPrivateTargets }) =>
  parseAllowList(webhookAllowedPrivateTargets),
);
let replacedAllowList: BlockList | null = null;
const allowList = () => replacedAllowList ?? configuredAllowList();

/**
 * Replaces the configured allow-list while the process runs (tests take a target in and out of it); null returns to
 * the configured one (a test file leaves it so for the next file its worker runs).
 */
export function setAllowedPrivateTargets(list: string | null): void {
  replacedAllowList = list === null ? null : parseAllowList(list);
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

export function isAllowedAddress(raw: string): boolean {
  const { address, family } = normalise(raw);
  if (allowList().check(address, family)) return true;
  return !BLOCKED.check(address, family);
}

/** Whether the address is one the operator allows although private (http:// is accepted for those). */
export function isAllowListed(raw: string): boolean {
  const { address, family } = normalise(raw);
  return allowList().check(address, family);
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
      `${host} resolves to ${refused.address}, a private, loopback or link-local address: webhooks go to public addresses only`,
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
