import { startAnthropicServer, type AnthropicWireUsage } from '../servers/anthropic';
import { startOpenAIServer, type OpenAIWireUsage } from '../servers/openai';
import type { ProviderServer } from '../servers/wire';

export interface LocalProviders {
  anthropic: ProviderServer<AnthropicWireUsage>;
  openai: ProviderServer<OpenAIWireUsage>;
  close(): Promise<void>;
}

/** Starts both local provider servers and points the provider layer at them (base URLs, keys, retries). */
export async function startProviders(): Promise<LocalProviders> {
  const [anthropic, openai] = await Promise.all([startAnthropicServer(), startOpenAIServer()]);
  process.env.ANTHROPIC_BASE_URL = anthropic.url;
  process.env.ANTHROPIC_API_KEY = anthropic.apiKey;
  process.env.OPENAI_BASE_URL = `${openai.url}/v1`;
  process.env.OPENAI_API_KEY = openai.apiKey;
  process.env.AI_MAX_RETRIES = '2';
  return {
    anthropic,
    openai,
    close: async () => {
      await Promise.all([anthropic.close(), openai.close()]);
    },
  };
}
