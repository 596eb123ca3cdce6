import { config, type Secret } from '../core/config';
import { aiErrors } from './errors';
import type { Provider } from './prices';

const clients = new Map<string, unknown>();

function apiKey(secret: Secret, provider: Provider): string {
  const key = config.secret(secret);
  if (!key) {
    throw aiErrors.AI_PROVIDER_NOT_CONFIGURED(
      `The ${provider} API key is not configured: set ${secret.name} in the environment of the local stack (npm start), or deployed with \`firebase functions:secrets:set ${secret.name}\``,
    );
  }
  return key;
}

interface ClientOptions {
  apiKey: string;
  baseURL: string | undefined;
  maxRetries: number;
  timeout: number;
}

/** One SDK client per provider and configuration (key, base URL, retries, timeout), made on first use. */
export function sdkClient<T>(
  provider: Provider,
  secret: Secret,
  baseURL: string | undefined,
  create: (options: ClientOptions) => T,
): T {
  const options: ClientOptions = {
    apiKey: apiKey(secret, provider),
    baseURL,
    maxRetries: config.ai.maxRetries(),
    timeout: config.ai.timeoutMs(),
  };
  const cacheKey = [provider, options.apiKey, options.baseURL, options.maxRetries, options.timeout].join('|');
  let client = clients.get(cacheKey) as T | undefined;
  if (!client) {
    client = create(options);
    clients.set(cacheKey, client);
  }
  return client;
}
