import { ConfigError, loadConfig } from '../../config';
import { aiModelsSchema } from '../../config-ai-models';
import { createProvider } from './index';

const load = (ai: Record<string, string>) => loadConfig({ APP_ENV: 'test', ...ai });

/** The message loadConfig would print at startup. */
function startupError(ai: Record<string, string>): string {
  try {
    load(ai);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected loadConfig to refuse the configuration');
}

describe('AI_MODELS parsing', () => {
  it.each([
    [
      'deepseek-chat:DeepSeek V3,qwen-plus:通义千问 Plus',
      [
        { id: 'deepseek-chat', name: 'DeepSeek V3' },
        { id: 'qwen-plus', name: '通义千问 Plus' },
      ],
    ],
    // Ollama tags contain a colon: the last colon separates the display name.
    ['qwen2.5:7b:通义千问 7B', [{ id: 'qwen2.5:7b', name: '通义千问 7B' }]],
    // vLLM serves Hugging Face names with a slash.
    ['Qwen/Qwen2.5-7B-Instruct:千问 7B', [{ id: 'Qwen/Qwen2.5-7B-Instruct', name: '千问 7B' }]],
    // Spaces, a trailing comma, and the full-width ，and ：a Chinese IME types.
    [
      ' moonshot-v1-8k : Kimi ，glm-4-plus：智谱 GLM-4, ',
      [
        { id: 'moonshot-v1-8k', name: 'Kimi' },
        { id: 'glm-4-plus', name: '智谱 GLM-4' },
      ],
    ],
  ])('%s', (value, expected) => {
    expect(aiModelsSchema.parse(value)).toEqual(expected);
  });

  it.each([
    ['deepseek-chat', '缺少显示名'],
    ['deepseek-chat:', '缺少显示名'],
    [':DeepSeek V3', '缺少模型 ID'],
    ['deep seek:DeepSeek', '不能包含空白字符'],
    ['a:甲,a:乙', '重复'],
    [' , ', 'AI_MODELS 为空'],
  ])('refuses %j at startup with a clear message', (value, fragment) => {
    const message = startupError({ AI_BASE_URL: 'https://api.deepseek.com/v1', AI_MODELS: value });
    expect(message).toContain('AI_MODELS');
    expect(message).toContain(fragment);
  });

  it('a format mistake shows the expected format with an example', () => {
    expect(startupError({ AI_BASE_URL: 'https://api.deepseek.com/v1', AI_MODELS: 'deepseek-chat' })).toContain(
      '格式为逗号分隔的 模型ID:显示名，例如 deepseek-chat:DeepSeek V3',
    );
  });
});

describe('AI_BASE_URL and the provider choice', () => {
  it('keeps the base URL without a trailing slash', () => {
    const config = load({ AI_BASE_URL: 'https://api.deepseek.com/v1/', AI_MODELS: 'deepseek-chat:DeepSeek V3' });
    expect(config.AI_BASE_URL).toBe('https://api.deepseek.com/v1');
    expect(config.AI_API_KEY).toBeUndefined();
  });

  it.each([
    [{ AI_BASE_URL: 'api.deepseek.com', AI_MODELS: 'a:甲' }, 'AI_BASE_URL 必须是完整的网址'],
    [{ AI_BASE_URL: 'ftp://example.com/v1', AI_MODELS: 'a:甲' }, '必须以 http:// 或 https:// 开头'],
    [{ AI_BASE_URL: 'https://api.deepseek.com/v1/chat/completions', AI_MODELS: 'a:甲' }, '不要包含 /chat/completions'],
    [{ AI_BASE_URL: 'https://api.deepseek.com/v1' }, '缺少 AI_MODELS'],
    [{ AI_MODELS: 'a:甲' }, '缺少 AI_BASE_URL'],
    [{ AI_API_KEY: 'sk-x' }, '已设置 AI_API_KEY，但缺少 AI_BASE_URL'],
  ])('refuses %j', (ai, fragment) => {
    expect(startupError(ai)).toContain(fragment);
  });

  it('uses the offline engine when nothing is configured (blank values count as unset)', () => {
    const provider = createProvider(load({ AI_BASE_URL: '', AI_MODELS: '', AI_API_KEY: '' }));
    expect(provider.kind).toBe('offline');
    expect(provider.models()).toEqual([{ id: 'offline', name: '离线模式' }]);
  });

  it('uses the OpenAI-compatible provider when AI_BASE_URL and AI_MODELS are set, with or without a key', () => {
    for (const key of [{}, { AI_API_KEY: 'sk-test' }] as Record<string, string>[]) {
      const provider = createProvider(load({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODELS: 'qwen2.5:7b:通义千问 7B', ...key }));
      expect(provider.kind).toBe('openai-compatible');
      expect(provider.models()).toEqual([{ id: 'qwen2.5:7b', name: '通义千问 7B' }]);
    }
  });
});
