/**
 * Synthetic `otel-demo-traces`: spans of the OpenTelemetry demo shop, grouped in traces of 2 to 50
 * spans. Both generations of service names appear (`cartservice` and `cart`, …), as the docs filter
 * on both.
 */
import type { StoredEvent } from '../store/eventStore.ts';
import { Timespan, type FieldInfo } from '../store/fieldTypes.ts';
import { Random, recentTimes } from './random.ts';

export const otelTraceFields: FieldInfo[] = [
  { name: 'trace_id', type: 'string' },
  { name: 'span_id', type: 'string' },
  { name: 'parent_span_id', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'kind', type: 'string' },
  { name: 'duration', type: 'timespan' },
  { name: 'service.name', type: 'string' },
  { name: 'status_code', type: 'string' },
  { name: 'status.code', type: 'string' },
  { name: 'status.message', type: 'string' },
  { name: 'error', type: 'boolean' },
  { name: 'events', type: 'array' },
  { name: 'links', type: 'array' },
  { name: 'attributes.custom', type: 'object' },
  { name: 'attributes.http.method', type: 'string' },
  { name: 'attributes.http.status_code', type: 'integer' },
  { name: 'attributes.http.response.status_code', type: 'integer' },
  { name: 'attributes.db.system.name', type: 'string' },
  { name: 'service.namespace', type: 'string' },
  { name: 'resource.k8s.node.name', type: 'string' },
  { name: 'status', type: 'string' },
  { name: 'method', type: 'string' },
];

/** Services by frequency, each with the operations it names its spans after. */
const services: [string, number, string[]][] = [
  ['frontend', 20, ['HTTP GET', 'HTTP POST', 'GET /api/products', 'GET /api/cart', 'POST /api/checkout', 'GET /api/recommendations']],
  ['frontendproxy', 16, ['ingress', 'router frontend egress', 'HTTP GET']],
  ['frontend-proxy', 8, ['ingress', 'router frontend egress', 'HTTP GET']],
  ['cartservice', 7, ['oteldemo.CartService/GetCart', 'oteldemo.CartService/AddItem', 'oteldemo.CartService/EmptyCart', 'HGET', 'HMSET', 'EXPIRE']],
  ['cart', 5, ['oteldemo.CartService/GetCart', 'oteldemo.CartService/AddItem', 'HGET']],
  ['productcatalogservice', 7, ['oteldemo.ProductCatalogService/GetProduct', 'oteldemo.ProductCatalogService/ListProducts', 'oteldemo.ProductCatalogService/SearchProducts']],
  ['product-catalog', 5, ['oteldemo.ProductCatalogService/GetProduct', 'oteldemo.ProductCatalogService/ListProducts']],
  ['checkoutservice', 4, ['oteldemo.CheckoutService/PlaceOrder', 'prepareOrderItemsAndShippingQuoteFromCart', 'orders publish']],
  ['checkout', 3, ['oteldemo.CheckoutService/PlaceOrder', 'orders publish']],
  ['recommendationservice', 4, ['/oteldemo.RecommendationService/ListRecommendations', 'get_product_list']],
  ['currencyservice', 4, ['CurrencyService/Convert', 'CurrencyService/GetSupportedCurrencies']],
  ['shippingservice', 2, ['oteldemo.ShippingService/GetQuote', 'oteldemo.ShippingService/ShipOrder']],
  ['paymentservice', 2, ['oteldemo.PaymentService/Charge', 'charge']],
  ['emailservice', 1, ['/send_order_confirmation', 'send_email']],
  ['adservice', 3, ['oteldemo.AdService/GetAds', 'getAdsByCategory']],
  ['quoteservice', 1, ['POST /getquote', 'calculate-quote']],
  ['frauddetectionservice', 1, ['orders process', 'orders receive']],
  ['load-generator', 3, ['GET', 'POST', 'user_browse_product', 'user_add_to_cart']],
  ['loadgenerator', 2, ['GET', 'POST', 'user_checkout_single']],
  ['flagd', 2, ['flagd.evaluation.v1.Service/ResolveBoolean', 'flagd.evaluation.v1.Service/EventStream']],
  ['image-provider', 1, ['GET /images', 'nginx.request']],
];
const serviceWeights = services.map(([name, weight]) => [name, weight] as const);
const operations = new Map(services.map(([name, , names]) => [name, names]));
const kinds: [string, number][] = [['server', 40], ['client', 35], ['internal', 15], ['producer', 5], ['consumer', 5]];
const nodes = ['ip-10-0-1-17.ec2.internal', 'ip-10-0-2-113.ec2.internal', 'ip-10-0-3-54.ec2.internal', 'ip-10-0-4-201.ec2.internal'];
const eventNames = ['Enqueued', 'Sent', 'ResponseReceived', 'prepared', 'charged', 'shipped'];
const productIds = ['0PUK6V6EV0', '1YMWWN1N4O', '2ZYFJ3GM2N', '66VCHSJNUP', '6E92ZMYYFZ', '9SIQT8TOJO', 'L9ECAV7KIM', 'LS4PSXUNUM', 'OLJCESPC7Z'];
const httpStatuses: [number, number][] = [[200, 85], [203, 6], [404, 4], [500, 4], [504, 1]];

export function otelTraceEvents(count: number, now: Date, seed = 0x5eed_0002): StoredEvent[] {
  const random = new Random(seed);
  const starts = recentTimes(random, count, now);
  const events: StoredEvent[] = [];
  let index = 0;
  while (events.length < count) {
    const traceId = random.hex(32);
    const size = Math.min(count - events.length, Math.max(2, Math.round(random.logNormal(8, 0.8))), 50);
    const start = starts[index]!;
    const spanIds: string[] = [];
    for (let position = 0; position < size; position++) {
      const spanId = random.hex(16);
      const parent = position === 0 ? undefined : random.pick(spanIds);
      spanIds.push(spanId);
      const time = Math.min(start + position * random.int(50, 3_000), now.getTime() * 1000);
      events.push(span(random, traceId, spanId, parent, time));
    }
    index += size;
  }
  return events.sort((a, b) => a.time - b.time);
}

function span(random: Random, traceId: string, spanId: string, parent: string | undefined, time: number): StoredEvent {
  const service = random.weighted(serviceWeights);
  const kind = random.weighted(kinds);
  const failed = random.chance(0.04);
  const http = service.startsWith('frontend') || service === 'load-generator' || service === 'loadgenerator' || random.chance(0.1);
  const httpStatus = failed ? random.pick([500, 504, 404]) : random.weighted(httpStatuses);
  // Durations in microseconds: mostly milliseconds, a thin tail up to minutes, a few sub-microsecond.
  const micros = random.chance(0.002) ? random.int(60e6, 300e6) : random.chance(0.01) ? 0.19 : random.logNormal(2_000, 1.3);
  const fields: Record<string, unknown> = {
    trace_id: traceId,
    span_id: spanId,
    parent_span_id: parent ?? '',
    name: random.pick(operations.get(service)!),
    kind,
    duration: new Timespan(Math.max(0.19, micros)),
    'service.name': service,
    'status.code': failed ? 'ERROR' : random.chance(0.5) ? 'OK' : null,
    error: failed,
    events: spanEvents(random, failed, time),
    links: random.chance(0.02) ? [{ trace_id: random.hex(32), span_id: random.hex(16) }] : [],
    'service.namespace': random.chance(0.9) ? 'opentelemetry-demo' : 'otel-demo-staging',
    'resource.k8s.node.name': random.pick(nodes),
  };
  const statusCode = random.weighted<string | null>([[null, 50], ['OK', 40], ['ERROR', failed ? 200 : 2], ['error', failed ? 60 : 1], ['200', 4], ['500', failed ? 20 : 1]]);
  if (statusCode !== null) fields.status_code = statusCode;
  if (failed) fields['status.message'] = random.pick(['connection refused', 'context deadline exceeded', 'payment declined', 'product not found']);
  if (http) {
    fields['attributes.http.method'] = random.weighted([['GET', 70], ['POST', 30]] as const);
    fields['attributes.http.status_code'] = httpStatus;
    if (random.chance(0.5)) fields['attributes.http.response.status_code'] = httpStatus;
    if (random.chance(0.05)) fields.method = fields['attributes.http.method'];
    if (random.chance(0.05)) fields.status = String(httpStatus);
  }
  if (random.chance(0.45)) fields['attributes.custom'] = customAttributes(random, service);
  if (service.startsWith('cart') && random.chance(0.6)) fields['attributes.db.system.name'] = 'redis';
  return { time, sysTime: time + random.int(1_000, 2_000_000), fields };
}

function customAttributes(random: Random, service: string): Record<string, unknown> {
  const custom: Record<string, unknown> = { 'http.protocol': random.pick(['HTTP/1.1', 'HTTP/2']) };
  if (service.startsWith('product') || service.startsWith('frontend')) custom['app.product.id'] = random.skewed(productIds);
  if (service.startsWith('payment')) custom['app.payment.amount'] = Math.round(random.logNormal(80, 0.8) * 100) / 100;
  if (service.startsWith('cart')) custom['db.system.name'] = 'redis';
  return custom;
}

function spanEvents(random: Random, failed: boolean, spanTime: number): unknown[] {
  const count = random.chance(0.001) ? random.int(100, 408) : random.weighted([[0, 50], [1, 20], [2, 12], [3, 10], [4, 4], [5, 4]] as const);
  const events: unknown[] = [];
  for (let index = 0; index < count; index++) {
    const timestamp = (spanTime + index * random.int(10, 500)) * 1000; // epoch nanoseconds
    if (random.chance(0.15)) {
      events.push({
        name: 'feature_flag',
        timestamp,
        attributes: {
          'feature_flag.key': random.pick(['paymentServiceUnreachable', 'kafkaQueueProblems']),
          'feature_flag.variant': failed ? 'on' : 'off',
          'feature_flag.provider_name': 'flagd',
        },
      });
    } else {
      const name = random.pick(eventNames);
      const attributes =
        name === 'charged' ? { 'app.payment.transaction.id': random.uuid() }
        : name === 'shipped' ? { 'app.shipping.tracking.id': random.uuid() }
        : null;
      events.push({ name, timestamp, attributes });
    }
  }
  return events;
}
