import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 27, ADR 0056): one registry per process, served by
 * GET /metrics (server/http/metrics.ts). Counters and histograms are updated where things happen
 * (the request middleware, the provider layer); the gauges below them are set at scrape time by
 * the collectors in server/http/metrics.ts, from the database and the realtime hub. Every label's
 * values come from a fixed set (a route pattern, a status, a configured model), never from user input.
 */
export const registry = new Registry();

let defaultsOn = false;
/** Node's own figures (CPU, memory, event-loop lag, handles), registered once, by the first server. */
export function collectProcessMetrics() {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry });
}

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (web: a page or static file; unmatched: no route) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to the end of its answer (a streamed AI answer included), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const providerDuration = new Histogram({
  name: 'ai_provider_request_duration_seconds',
  help: 'One language-model request from its start to its last chunk, by provider kind, model and outcome (ok, error, cancelled)',
  labelNames: ['provider', 'model', 'outcome'] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 250],
  registers: [registry],
});

export const providerFirstChunk = new Histogram({
  name: 'ai_provider_first_chunk_seconds',
  help: 'Time to the first text chunk of a language-model request, by provider kind and model',
  labelNames: ['provider', 'model'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [registry],
});

export const providerErrors = new Counter({
  name: 'ai_provider_errors_total',
  help: 'Language-model requests that failed, by provider kind, model and error code (TIMEOUT, UNAUTHORIZED, RATE_LIMITED, UPSTREAM, BAD_STREAM)',
  labelNames: ['provider', 'model', 'code'] as const,
  registers: [registry],
});

// Set at scrape time (server/http/metrics.ts SCRAPE_COLLECTORS).

export const realtimeSockets = new Gauge({
  name: 'realtime_sockets_open',
  help: 'Open /ws sockets of this process (anonymous: not signed in yet)',
  labelNames: ['auth'] as const,
  registers: [registry],
});

export const aiQueueDepth = new Gauge({
  name: 'ai_queue_depth',
  help: 'Operations waiting for a language-model slot, across every process on this database',
  registers: [registry],
});

export const aiOperations = new Gauge({
  name: 'ai_operations',
  help: 'Paid AI operations by status: queued and running now, and those that ended in the last hour (succeeded, failed, cancelled), across every process',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const paymentOrders = new Gauge({
  name: 'payment_orders',
  help: 'Payment orders by state: every pending order, and orders created in the last 24 hours that are paid, expired or cancelled',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const jobRuns = new Gauge({
  name: 'job_runs',
  help: 'Background job runs started in the last 24 hours by job and status (running, succeeded, failed, abandoned), across every process',
  labelNames: ['job', 'status'] as const,
  registers: [registry],
});

export const scrapeFailures = new Counter({
  name: 'metrics_collector_failures_total',
  help: 'Scrape-time collectors that failed or ran out of time (their gauges keep the last value)',
  labelNames: ['collector'] as const,
  registers: [registry],
});
