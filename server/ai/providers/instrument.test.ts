import { providerDuration, providerErrors, providerFirstChunk } from '../../metrics';
import { instrumentProvider } from './instrument';
import { ProviderError, type ChatProvider } from './provider';

/** A provider that yields its chunks, then fails with `failure` if given. */
function fake(model: string, chunks: string[], failure?: ProviderError): ChatProvider {
  return {
    kind: 'openai-compatible',
    models: () => [{ id: model, name: model }],
    async *stream() {
      for (const chunk of chunks) yield chunk;
      if (failure) throw failure;
    },
  };
}

const value = async (
  metric: { get: () => Promise<{ values: { labels: object; value: number; metricName?: string }[] }> },
  labels: object,
  name?: string,
) =>
  (await metric.get()).values.find(
    (v) => (!name || v.metricName === name) && Object.entries(labels).every(([k, x]) => (v.labels as Record<string, unknown>)[k] === x),
  )?.value ?? 0;

describe('instrumentProvider', () => {
  const request = (model: string) => ({ model, messages: [], signal: new AbortController().signal });

  it('times each request by outcome and counts failures by code, passing every chunk and error through', async () => {
    const ok = instrumentProvider(fake('m-ok', ['a', 'b']));
    const chunks: string[] = [];
    for await (const chunk of ok.stream(request('m-ok'))) chunks.push(chunk);
    expect(chunks).toEqual(['a', 'b']);
    const count = 'ai_provider_request_duration_seconds_count';
    expect(await value(providerDuration, { provider: 'openai-compatible', model: 'm-ok', outcome: 'ok' }, count)).toBe(1);
    expect(await value(providerFirstChunk, { model: 'm-ok' }, 'ai_provider_first_chunk_seconds_count')).toBe(1);

    const failing = instrumentProvider(fake('m-bad', ['a'], new ProviderError('RATE_LIMITED', { status: 429 })));
    await expect(async () => {
      for await (const _ of failing.stream(request('m-bad'))) void _;
    }).rejects.toThrow('AI 服务繁忙');
    expect(await value(providerErrors, { model: 'm-bad', code: 'RATE_LIMITED' })).toBe(1);
    expect(await value(providerDuration, { model: 'm-bad', outcome: 'error' }, count)).toBe(1);

    // Stopped by the caller (a closed page): cancelled, not an error.
    for await (const _ of instrumentProvider(fake('m-stop', ['a', 'b'])).stream(request('m-stop'))) break;
    expect(await value(providerDuration, { model: 'm-stop', outcome: 'cancelled' }, count)).toBe(1);
    expect(await value(providerErrors, { model: 'm-stop' })).toBe(0);
  });
});
