import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

// Where the server may connect for the online shop (issue 26). The shop's address is typed by the super user and
// read by the server: without a rule it could make the server call its own network (the cloud's metadata service
// at 169.254.169.254, a database on 127.0.0.1, an intranet admin page) and hand back what answered. So:
// - only https://, so the consumer key and secret (HTTP Basic) never travel in clear;
// - only public addresses: loopback, private, unique-local, CGNAT, link-local, multicast, documentation and
//   reserved ranges are refused, IPv4 and IPv6 alike, with the IPv4 inside IPv4-mapped, NAT64 and 6to4 addresses
//   judged as IPv4. Integer, octal and hex hosts (http://2852039166/) are read as browsers read them (WHATWG URL).
// SHOP_ALLOW_PRIVATE=1 (config.shopAllowPrivate) is for a shop on the intranet: it allows http:// and the loopback,
// private, unique-local and CGNAT ranges; link-local (the metadata services), multicast and reserved ones stay
// refused whatever the setting.
// The rule is checked when the address is saved (its text: a name is not resolved then) and again by every
// connection, on the addresses the name resolves to: the connection's own DNS lookup (shopRequestPinned) refuses
// them, so the address checked is the address connected to (no window for a name that changes its answer), and
// redirects are never followed.

export type ShopAddressPolicy = { allowPrivate: boolean };

/** public: always allowed; private: with SHOP_ALLOW_PRIVATE; forbidden: never. */
export type AddressClass = 'public' | 'private' | 'forbidden';

const PRIVATE_HINT = 'une boutique sur le réseau interne demande SHOP_ALLOW_PRIVATE=1 dans la configuration du serveur';

export const SHOP_ADDRESS_MESSAGES = {
  invalid: "L'adresse de la boutique n'est pas une adresse web valide (https://boutique.exemple.fr).",
  httpsOnly: "L'adresse doit commencer par https:// : la clé et le secret de la boutique ne circulent pas en clair.",
  scheme: "L'adresse doit commencer par http:// ou https://.",
  userinfo: "L'adresse ne doit contenir ni identifiant ni mot de passe : la clé et le secret ont leurs propres champs.",
  private: `Cette adresse désigne le serveur lui-même ou un réseau privé : refusée (${PRIVATE_HINT}).`,
  forbidden: 'Cette adresse est locale au lien, de multidiffusion ou réservée : refusée pour la boutique.',
  resolved: (host: string) =>
    `L'adresse de la boutique (${host}) mène au serveur lui-même, à un réseau privé ou à une adresse réservée : connexion refusée.`,
} as const;

/** A connection the address rule refused; its message is French and meant for the user. */
export class RefusedAddressError extends Error {}

// --- Addresses ----------------------------------------------------------------------------------------------

const ipv4Number = (bytes: number[]) =>
  (bytes[0] ?? 0) * 2 ** 24 + (bytes[1] ?? 0) * 2 ** 16 + (bytes[2] ?? 0) * 256 + (bytes[3] ?? 0);

function classifyIpv4(bytes: number[]): AddressClass {
  const value = ipv4Number(bytes);
  const within = (base: number[], bits: number) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Number(base) / size);
  };
  // IANA's special-purpose registry: "this network", link-local (metadata services), IETF protocol assignments,
  // documentation, the old 6to4 relay, benchmarking, multicast, reserved and broadcast.
  const forbidden: [number[], number][] = [
    [[0], 8],
    [[169, 254], 16],
    [[192, 0, 0], 24],
    [[192, 0, 2], 24],
    [[192, 88, 99], 24],
    [[198, 18], 15],
    [[198, 51, 100], 24],
    [[203, 0, 113], 24],
    [[224], 4],
    [[240], 4],
  ];
  // Loopback, RFC 1918 private networks, carrier-grade NAT.
  const privateRanges: [number[], number][] = [
    [[127], 8],
    [[10], 8],
    [[172, 16], 12],
    [[192, 168], 16],
    [[100, 64], 10],
  ];
  if (forbidden.some(([base, bits]) => within(base, bits))) return 'forbidden';
  if (privateRanges.some(([base, bits]) => within(base, bits))) return 'private';
  return 'public';
}

/** The 16 bytes of a valid IPv6 text (net.isIP 6), an embedded dotted IPv4 tail included. */
function ipv6Bytes(text: string): number[] {
  let address = text;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [p, q, r, s] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word: number) => [word >> 8, word & 0xff]);
}

function classifyIpv6(bytes: number[]): AddressClass {
  const prefix = (values: number[]) => values.every((value, i) => bytes[i] === value);
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  const tail = bytes.slice(12);
  if (zeros(16)) return 'forbidden'; // :: (unspecified)
  if (zeros(15) && bytes[15] === 1) return 'private'; // ::1 (loopback)
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return classifyIpv4(tail); // ::ffff:a.b.c.d
  if (zeros(12)) return 'forbidden'; // ::a.b.c.d, IPv4-compatible (deprecated)
  // NAT64's well-known prefix (64:ff9b::/96) reaches the IPv4 it embeds.
  if (prefix([0, 0x64, 0xff, 0x9b]) && bytes.slice(4, 12).every((byte) => byte === 0)) return classifyIpv4(tail);
  if (prefix([0x20, 0x02])) return classifyIpv4(bytes.slice(2, 6)); // 6to4 (2002::/16) embeds its IPv4
  if ((bytes[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7, unique local
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10, the old site-local
  // Global unicast is 2000::/3; within it the IETF protocol assignments (2001::/23, Teredo among them) and the
  // documentation prefixes (2001:db8::/32, 3fff::/20). Everything else (link-local fe80::/10, multicast ff00::/8,
  // discard 100::/64, local-use NAT64 64:ff9b:1::/48, the unassigned rest) is not a shop's address.
  if ((bytes[0]! & 0xe0) !== 0x20) return 'forbidden';
  if (prefix([0x20, 0x01]) && bytes[2]! < 2) return 'forbidden';
  if (prefix([0x20, 0x01, 0x0d, 0xb8])) return 'forbidden';
  if (prefix([0x3f, 0xff]) && bytes[2]! < 0x10) return 'forbidden';
  return 'public';
}

/** The class of an IP address (IPv4 or IPv6 text); 'forbidden' for anything that is not one. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = net.isIP(bare);
  if (version === 4) return classifyIpv4(bare.split('.').map(Number));
  if (version === 6) return classifyIpv6(ipv6Bytes(bare));
  return 'forbidden';
}

const isAllowed = (kind: AddressClass, policy: ShopAddressPolicy) =>
  kind === 'public' || (kind === 'private' && policy.allowPrivate);

// --- The address as typed -----------------------------------------------------------------------------------

/**
 * The French reason the shop's address is refused, or null. Reads it as a browser does (WHATWG URL: integer,
 * octal and hex IPv4 hosts become dotted ones, IPv6 is normalised); a name is judged here only when it is
 * `localhost` (the WHATWG loopback names), the others when the connection resolves them.
 */
export function shopAddressProblem(text: string, policy: ShopAddressPolicy): string | null {
  const scheme = /^(https?):\/\/\S+$/i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== 'https' && (scheme !== 'http' || !policy.allowPrivate)) {
    return policy.allowPrivate ? SHOP_ADDRESS_MESSAGES.scheme : SHOP_ADDRESS_MESSAGES.httpsOnly;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return SHOP_ADDRESS_MESSAGES.invalid;
  }
  if (url.username || url.password) return SHOP_ADDRESS_MESSAGES.userinfo;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!host) return SHOP_ADDRESS_MESSAGES.invalid;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const kind: AddressClass | null = net.isIP(bare)
    ? classifyAddress(bare)
    : host === 'localhost' || host.endsWith('.localhost')
      ? 'private'
      : null;
  if (kind === null || isAllowed(kind, policy)) return null;
  return kind === 'private' ? SHOP_ADDRESS_MESSAGES.private : SHOP_ADDRESS_MESSAGES.forbidden;
}

// --- The connection -----------------------------------------------------------------------------------------

/**
 * The DNS lookup of a shop connection: every address the name resolves to must be allowed (a name answering one
 * private address among public ones is refused), and the socket connects to the addresses checked here.
 */
export function pinnedLookup(host: string, policy: ShopAddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || addresses.some((a) => !isAllowed(classifyAddress(a.address), policy))) {
        return callback(new RefusedAddressError(SHOP_ADDRESS_MESSAGES.resolved(host)), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export type PinnedRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
};

/**
 * One request to the shop under the address rule: the URL's text is checked (an IP host is connected to as is,
 * without a lookup), a name is resolved by pinnedLookup on an agent of this request's own (no pooled socket
 * opened by someone else), and a redirect is answered as it is, never followed. Rejects with a
 * RefusedAddressError when the rule refuses, with the network's error otherwise.
 */
export function shopRequestPinned(
  text: string,
  request: PinnedRequest,
  policy: ShopAddressPolicy,
): Promise<http.IncomingMessage> {
  const problem = shopAddressProblem(text, policy);
  if (problem) return Promise.reject(new RefusedAddressError(problem));
  const url = new URL(text);
  const lookup = pinnedLookup(url.hostname, policy);
  const isHttps = url.protocol === 'https:';
  const agent = isHttps ? new https.Agent({ keepAlive: false, lookup }) : new http.Agent({ keepAlive: false, lookup });
  return new Promise((resolve, reject) => {
    const outgoing = (isHttps ? https : http).request(
      url,
      { method: request.method, headers: request.headers, agent, lookup, signal: request.signal },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
