import { defineSecret } from 'firebase-functions/params';

/**
 * API keys of the model providers, in Cloud Secret Manager (`firebase functions:secrets:set
 * ANTHROPIC_API_KEY`). A function that calls models lists AI_SECRETS in its `secrets` option;
 * locally (emulator, tests) the value comes from the environment variable of the same name.
 */
export const ANTHROPIC_API_KEY = defineSecret('ANTHROPIC_API_KEY');
export const OPENAI_API_KEY = defineSecret('OPENAI_API_KEY');
export const AI_SECRETS = [ANTHROPIC_API_KEY, OPENAI_API_KEY];
