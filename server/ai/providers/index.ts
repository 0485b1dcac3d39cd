import type { AppConfig } from '../../config';
import { createOfflineProvider, type OfflineProviderOptions } from './offline';
import { instrumentProvider } from './instrument';
import { createOpenAICompatibleProvider, type OpenAICompatibleOptions } from './openai-compatible';
import type { ChatProvider } from './provider';

export * from './provider';
export { OFFLINE_LABEL, OFFLINE_MODEL, OFFLINE_NO_DRAFT_MESSAGE, renderOfflineDraft, createOfflineProvider } from './offline';
export type { OfflineDraft, OfflineDraftSection, OfflineProviderOptions } from './offline';
export { createOpenAICompatibleProvider, DEFAULT_IDLE_TIMEOUT_MS } from './openai-compatible';
export type { OpenAICompatibleOptions } from './openai-compatible';

export type ProviderConfig = Pick<AppConfig, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODELS'>;

/** Tests shorten the timers and the offline pacing; production uses the defaults. */
export type ProviderTuning = {
  openai?: Pick<OpenAICompatibleOptions, 'idleTimeoutMs' | 'timeoutMs'>;
  offline?: OfflineProviderOptions;
};

/**
 * A language model when one is configured, the offline engine otherwise. loadConfig has already
 * refused half a configuration, so "not both set" here means "none set". Either is measured
 * (instrument.ts: latency and errors per provider and model, for GET /metrics).
 */
export function createProvider(config: ProviderConfig, tuning: ProviderTuning = {}): ChatProvider {
  if (config.AI_BASE_URL && config.AI_MODELS && config.AI_MODELS.length > 0) {
    return instrumentProvider(
      createOpenAICompatibleProvider({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        models: config.AI_MODELS,
        ...tuning.openai,
      }),
    );
  }
  return instrumentProvider(createOfflineProvider(tuning.offline));
}
