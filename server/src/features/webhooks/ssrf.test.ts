// Which addresses a webhook may reach (issue 50): every entry of IANA's special-purpose registries, for both
// families, is refused, and so is every IPv6 form that carries one of them (mapped, translated, IPv4-compatible,
// NAT64, 6to4, Teredo); public addresses and the public IPv4 addresses those forms carry are allowed.
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedAddress, isPublicAddress, setAllowedPrivateTargets } from './ssrf';

/** IANA IPv4 Special-Purpose Address Registry, one address of each entry (and multicast, RFC 5771). */
const IPV4_SPECIAL = [
  '0.0.0.0', // 0.0.0.0/8 "this network"
  '0.1.2.3',
  '10.0.0.1', // 10.0.0.0/8 private
  '100.64.0.1', // 100.64.0.0/10 shared address space
  '127.0.0.1', // 127.0.0.0/8 loopback
  '127.255.255.254',
  '169.254.169.254', // 169.254.0.0/16 link-local (cloud metadata)
  '172.16.0.1', // 172.16.0.0/12 private
  '172.31.255.255',
  '192.0.0.1', // 192.0.0.0/24 IETF protocol assignments
  '192.0.0.8', // 192.0.0.8/32 IPv4 dummy address
  '192.0.0.9', // 192.0.0.9/32 port control protocol anycast
  '192.0.0.10', // 192.0.0.10/32 traversal using relays around NAT anycast
  '192.0.0.170', // 192.0.0.170/31 NAT64/DNS64 discovery
  '192.0.2.1', // 192.0.2.0/24 documentation (TEST-NET-1)
  '192.31.196.1', // 192.31.196.0/24 AS112-v4
  '192.52.193.1', // 192.52.193.0/24 AMT
  '192.88.99.1', // 192.88.99.0/24 deprecated 6to4 relay anycast
  '192.168.1.1', // 192.168.0.0/16 private
  '192.175.48.1', // 192.175.48.0/24 direct delegation AS112 service
  '198.18.0.1', // 198.18.0.0/15 benchmarking
  '198.19.255.255',
  '198.51.100.1', // 198.51.100.0/24 documentation (TEST-NET-2)
  '203.0.113.1', // 203.0.113.0/24 documentation (TEST-NET-3)
  '240.0.0.1', // 240.0.0.0/4 reserved
  '255.255.255.255', // limited broadcast
  '224.0.0.1', // multicast
  '239.255.255.250',
];

/** IANA IPv6 Special-Purpose Address Registry, one address of each entry, and the other non-global ranges. */
const IPV6_SPECIAL = [
  '::1', // loopback
  '::', // unspecified
  '::ffff:0.0.0.0', // IPv4-mapped of "this network"
  '64:ff9b:1::1', // 64:ff9b:1::/48 IPv4-IPv6 translation, local use
  '100::1', // 100::/64 discard-only
  '100:0:0:1::1', // 100:0:0:1::/64 dummy IPv6 prefix
  '2001::1', // 2001::/23 IETF protocol assignments (and 2001::/32 Teredo, server 0.0.0.0)
  '2001:1::1', // 2001:1::1/128 port control protocol anycast
  '2001:1::2', // 2001:1::2/128 traversal using relays around NAT anycast
  '2001:1::3', // 2001:1::3/128 DNS-SD service registration protocol anycast
  '2001:2::1', // 2001:2::/48 benchmarking
  '2001:3::1', // 2001:3::/32 AMT
  '2001:4:112::1', // 2001:4:112::/48 AS112-v6
  '2001:10::1', // 2001:10::/28 deprecated ORCHID
  '2001:20::1', // 2001:20::/28 ORCHIDv2
  '2001:30::1', // 2001:30::/28 drone remote ID protocol entity tags
  '2001:db8::1', // 2001:db8::/32 documentation
  '3fff::1', // 3fff::/20 documentation
  '2620:4f:8000::1', // 2620:4f:8000::/48 direct delegation AS112 service
  '5f00::1', // 5f00::/16 segment routing SIDs
  'fc00::1', // fc00::/7 unique local
  'fd12:3456::1',
  'fe80::1', // fe80::/10 link-local
  'fec0::1', // fec0::/10 site-local (deprecated)
  'ff02::1', // multicast
  '4000::1', // outside 2000::/3: not allocated for global unicast
];

/** IPv6 forms that carry a private or loopback IPv4 address (the three, then every other embedding). */
const CARRYING_PRIVATE = [
  '::127.0.0.1', // IPv4-compatible
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:0:10.0.0.1', // IPv4-translated (RFC 6145)
  '64:ff9b::10.0.0.1', // NAT64 well-known prefix
  '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
  '2002:c0a8:101::1', // 6to4 of 192.168.1.1
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo whose client is 127.0.0.1 (inverted)
  '2001:0:0a00:0001:8000:63bf:f7f7:f7f7', // Teredo whose server is 10.0.0.1
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8', // mapped public IPv4
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
  '2002:808:808::1', // 6to4 of 8.8.8.8
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
];

afterEach(() => setAllowedPrivateTargets(null));

describe('the webhook address check', () => {
  it.each(IPV4_SPECIAL)('refuses %s (IPv4 special-purpose)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(IPV6_SPECIAL)('refuses %s (IPv6 special-purpose)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(CARRYING_PRIVATE)('refuses %s (IPv6 carrying a private IPv4 address)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const raw of ['', 'localhost', '1.2.3', '::g', '999.1.1.1'])
      expect(isPublicAddress(raw)).toBe(false);
  });

  it("allows the operator's private targets (and their IPv4-mapped form), not other IPv6 forms carrying them", () => {
    setAllowedPrivateTargets('');
    expect(isAllowedAddress('127.0.0.1')).toBe(false);
    setAllowedPrivateTargets('127.0.0.1,10.1.0.0/16');
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3'])
      expect(isAllowedAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.2',
      '10.2.0.1',
      '::1',
      'fec0::1',
      '::127.0.0.1',
      '2002:7f00:1::',
      '2002:a01:203::',
    ])
      expect(isAllowedAddress(address), address).toBe(false);
  });
});
