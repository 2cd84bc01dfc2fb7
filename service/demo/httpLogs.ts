/** Synthetic `sample-http-logs`: one web request per event (schema of the playground dataset). */
import type { StoredEvent } from '../store/eventStore.ts';
import type { FieldInfo } from '../store/fieldTypes.ts';
import { Random, recentTimes } from './random.ts';

export const httpLogFields: FieldInfo[] = [
  { name: 'content_type', type: 'string' },
  { name: 'geo.city', type: 'string' },
  { name: 'geo.country', type: 'string' },
  { name: 'id', type: 'string' },
  { name: 'is_tls', type: 'boolean' },
  { name: 'message', type: 'string' },
  { name: 'method', type: 'string' },
  { name: 'req_duration_ms', type: 'float' },
  { name: 'resp_body_size_bytes', type: 'integer' },
  { name: 'resp_header_size_bytes', type: 'integer' },
  { name: 'server_datacenter', type: 'string' },
  { name: 'status', type: 'string' },
  { name: 'uri', type: 'string' },
  { name: 'user_agent', type: 'string' },
];

const places: [string, string[]][] = [
  ['United States', ['Seattle', 'Humboldt', 'New York', 'Chicago', 'Austin', 'Denver', 'Boise', 'Fairbanks', 'Tulsa', 'Portland', 'Miami', 'Salem']],
  ['Mexico', ['Ojinaga', 'Monterrey', 'Guadalajara', 'Mérida', 'Puebla', 'Tijuana']],
  ['France', ['Paris', 'Nevers', 'Lyon', 'Marseille', 'Besançon', 'Brest']],
  ['Germany', ['Berlin', 'Munich', 'Köln', 'Hamburg', 'Leipzig', 'Würzburg']],
  ['Japan', ['Tokyo', 'Okayama', 'Nagasaki', 'Ōsaka', 'Sapporo', 'Sendai']],
  ['India', ['Mumbai', 'Delhi', 'Pune', 'Kochi', 'Bengaluru', 'Jaipur']],
  ['Brazil', ['Camaquã', 'São Paulo', 'Recife', 'Curitiba', 'Belém', 'Manaus']],
  ['United Kingdom', ['London', 'Leeds', 'Bristol', 'York', 'Dundee']],
  ['Canada', ['Toronto', 'Montréal', 'Halifax', 'Calgary']],
  ['China', ['Shanghai', 'Chengdu', 'Wuhan', 'Xi’an']],
  ['Russia', ['Moscow', 'Kazan', 'Omsk']],
  ['Spain', ['Madrid', 'Sevilla', 'Bilbao', 'A Coruña']],
  ['Italy', ['Rome', 'Torino', 'Bari']],
  ['Netherlands', ['Amsterdam', 'Utrecht']],
  ['Australia', ['Sydney', 'Perth', 'Hobart']],
  ['South Korea', ['Seoul', 'Busan']],
  ['Nigeria', ['Lagos', 'Ibadan']],
  ['Argentina', ['Buenos Aires', 'Córdoba']],
  ['Poland', ['Kraków', 'Łódź']],
  ['Sweden', ['Malmö', 'Umeå']],
  ['Turkey', ['İstanbul', 'Ankara']],
  ['Indonesia', ['Jakarta', 'Bandung']],
  ['Viet Nam', ['Hà Nội', 'Đà Nẵng']],
  ['Egypt', ['Cairo', 'Aswan']],
  ['South Africa', ['Cape Town', 'Durban']],
  ['Chile', ['Valparaíso', 'Temuco']],
  ['Norway', ['Tromsø', 'Bergen']],
  ['Iceland', ['Reykjavík']],
  ['New Zealand', ['Wellington', 'Dunedin']],
  ['Kenya', ['Nairobi', 'Mombasa']],
];

const contentTypes = [
  'text/html', 'application/json', 'text/plain-charset=utf-8', 'image/jpeg', 'text/css', 'application/javascript',
  'image/png', 'text/csv', 'application/octet-stream', 'image/gif', 'application/xml', 'font/woff2', 'video/mp4',
];
const messages = [
  'QCD permutations were not solvable in linear time, expected compressed time',
  'Expected a new layer of particle physics but got a Higgs Boson',
  'Unexpected cosmic ray flipped a bit in the request router',
  'Quantum tunnelling let the packet skip the load balancer',
  'Dark matter cache miss, retried with visible matter',
  'Schrödinger’s session was both authenticated and not',
  'Entropy increased, request completed anyway',
  'Neutrino passed through the firewall without interacting',
];
const methods: [string, number][] = [['GET', 70], ['POST', 18], ['PUT', 5], ['DELETE', 4], ['PATCH', 1.5], ['HEAD', 1], ['OPTIONS', 0.5]];
const statuses: [string, number][] = [
  ['200', 80], ['201', 4], ['204', 2], ['301', 1.5], ['302', 1.5], ['304', 2], ['401', 1.5], ['403', 1.5], ['404', 3],
  ['500', 1.5], ['502', 0.6], ['503', 0.5], ['504', 0.4],
];
const datacenters = ['DCA', 'GRU', 'FRA', 'NRT', 'SIN', 'SYD', 'AMS', 'SJC'];
const words = [
  'buy', 'commit', 'id', 'go', 'textdata', 'cnfigs', 'bank', 'warn', 'messages', 'back', 'customer', 'services', 'user',
  'orders', 'cart', 'items', 'login', 'logout', 'search', 'profile', 'settings', 'reports', 'export', 'upload', 'files',
  'images', 'payment', 'invoice', 'shipping', 'track', 'alerts', 'metrics', 'health', 'status', 'admin', 'audit',
  'tokens', 'session', 'feed', 'comments', 'likes', 'friends', 'groups', 'events', 'calendar', 'notify', 'inbox',
];
const userAgents = [
  'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; AS; rv:11.0) like Gecko',
  'Mozilla/5.0 (Windows NT 6.2; WOW64) AppleWebKit/535.24 (KHTML, like Gecko) Chrome/19.0.1055.1 Safari/535.24',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (Windows NT 6.1; rv:2.0.1) Gecko/20100101 Firefox/4.0.1',
  'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 5.1; .NET CLR 2.0.50727)',
  'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/535.2 (KHTML, like Gecko) Chrome/15.0.872.0 Safari/535.2',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 6.3; Win64; x64; rv:45.0) Gecko/20100101 Firefox/45.0',
];

/** The value domains (weights are relative), shared with the engine benchmark's SQL generator. */
export const httpLogValues = { places, contentTypes, messages, methods, statuses, datacenters, words, userAgents };

export function httpLogEvents(count: number, now: Date, seed = 0x5eed_0001): StoredEvent[] {
  const random = new Random(seed);
  const clients = Array.from({ length: Math.max(50, Math.round(count / 40)) }, () => random.uuid());
  const uris = Array.from({ length: 400 }, () => {
    const depth = random.weighted([[2, 5], [3, 3], [4, 1]] as const);
    return '/api/v1/' + Array.from({ length: depth }, () => random.pick(words)).join('/');
  });
  const times = recentTimes(random, count, now);
  return times.map((time) => {
    const [country, cities] = random.skewed(places, 1.5);
    const status = random.weighted(statuses);
    const slow = random.chance(0.003);
    const duration = slow ? random.logNormal(800, 2) : random.logNormal(1.2, 0.7);
    return {
      time,
      sysTime: time + random.int(1_000, 900_000),
      fields: {
        content_type: random.skewed(contentTypes),
        'geo.city': random.chance(0.01) ? '' : random.skewed(cities, 0.8),
        'geo.country': country,
        id: random.skewed(clients, 0.8),
        is_tls: random.chance(0.7),
        message: random.pick(messages),
        method: random.weighted(methods),
        req_duration_ms: Math.min(duration, 60_000),
        resp_body_size_bytes: random.int(900, 5500),
        resp_header_size_bytes: random.int(18, 100),
        server_datacenter: random.skewed(datacenters, 0.5),
        status,
        uri: random.skewed(uris, 0.6),
        user_agent: random.skewed(userAgents, 0.5),
      },
    };
  });
}
