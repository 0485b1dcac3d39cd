import { providerDuration, providerErrors, providerFirstChunk } from '../../metrics';
import { isProviderError, type ChatProvider, type ChatRequest } from './provider';

/**
 * The provider with its metrics (ADR 0056): every request's duration and outcome, the time to its
 * first chunk, and failures by code, labelled by provider kind and model (both from configuration).
 * Applied once, in createProvider, so no caller measures on its own.
 */
export function instrumentProvider(provider: ChatProvider): ChatProvider {
  return {
    kind: provider.kind,
    models: () => provider.models(),
    stream: (request) => measured(provider, request),
  };
}

async function* measured(provider: ChatProvider, request: ChatRequest): AsyncGenerator<string> {
  const labels = { provider: provider.kind, model: request.model };
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let outcome: 'ok' | 'error' | 'cancelled' = 'cancelled';
  let first = true;
  try {
    for await (const chunk of provider.stream(request)) {
      if (first) {
        first = false;
        providerFirstChunk.observe(labels, seconds());
      }
      yield chunk;
    }
    outcome = 'ok';
  } catch (err) {
    const code = isProviderError(err) ? err.code : 'UPSTREAM';
    if (code !== 'CANCELLED') {
      outcome = 'error';
      providerErrors.inc({ ...labels, code });
    }
    throw err;
  } finally {
    // A caller that stops reading early (停止, a closed page) ends here too: counted as cancelled.
    providerDuration.observe({ ...labels, outcome }, seconds());
  }
}
