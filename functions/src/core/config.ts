import { defineSecret } from 'firebase-functions/params';

/**
 * Every environment variable and param the code reads, in one typed place. Values are read when
 * asked for (not at load), so tests and the local stack can set them before the first use.
 */

export const REGION = 'us-central1';

/**
 * API keys of the model providers, in Cloud Secret Manager (`firebase functions:secrets:set
 * ANTHROPIC_API_KEY`). A module whose code calls models lists AI_SECRETS (below) in its runtime `secrets`;
 * without that, `.value()` is empty once deployed. Locally (emulator, tests) the value comes from
 * the environment variable of the same name.
 */
export const ANTHROPIC_API_KEY = defineSecret('ANTHROPIC_API_KEY');
export const OPENAI_API_KEY = defineSecret('OPENAI_API_KEY');
export type Secret = typeof ANTHROPIC_API_KEY;

/**
 * The credential vault's keys (src/core/vault.ts): `kid:base64key[,kid:base64key...]`, 32-byte
 * AES-256 keys, the first one encrypting, every one decrypting (rotation: put a new key first, run
 * `npm run vault:rotate`, then drop the old one). Locally generated once into .runtime/.
 */
export const VAULT_KEYS = defineSecret('INTEGRATIONS_VAULT_KEYS');

/** Client secrets of our OAuth applications with the POS vendors (their client ids are plain config). */
export const OAUTH_CLIENT_SECRETS = {
  square: defineSecret('SQUARE_CLIENT_SECRET'),
  clover: defineSecret('CLOVER_CLIENT_SECRET'),
  lightspeed: defineSecret('LIGHTSPEED_CLIENT_SECRET'),
} as const;
export type OAuthVendor = keyof typeof OAUTH_CLIENT_SECRETS;

/**
 * The signature keys of our webhook subscriptions with the POS vendors, one JSON object by vendor:
 * `{"square": "<signature key>", "toast": "<webhook secret>"}` (Square's subscription signature key,
 * Toast's webhook secret; see src/pos/connectors/webhooks).
 */
export const POS_WEBHOOK_KEYS = defineSecret('POS_WEBHOOK_KEYS');
export type WebhookVendor = 'square' | 'toast' | 'clover';

/** Every secret the integration engine reads (its runtime `secrets`). */
export const INTEGRATION_SECRETS = [VAULT_KEYS, ...Object.values(OAUTH_CLIENT_SECRETS), POS_WEBHOOK_KEYS];

/**
 * The outgoing mail server (src/core/mail.ts) as a URL with its credentials:
 * `smtps://user:password@smtp.example.com:465` or `smtp://...:587` (STARTTLS). Locally the stack's
 * mailbox (dev/mailbox.ts).
 */
export const SMTP_URL = defineSecret('SMTP_URL');
export const MAIL_SECRETS = [SMTP_URL];
/** What a module calling models reads: the providers' keys, and the mail server its AI budget alerts go through. */
export const AI_SECRETS = [ANTHROPIC_API_KEY, OPENAI_API_KEY, SMTP_URL];
const ALL_SECRETS = [...new Set([...AI_SECRETS, ...INTEGRATION_SECRETS, ...MAIL_SECRETS])];

const env = (name: string): string | undefined => process.env[name] || undefined;

/** A comma-separated list variable, its entries trimmed, empty ones dropped. */
const envList = (name: string): string[] =>
  (env(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function positiveNumber(name: string, fallback: number, allowZero = false): number {
  const value = Number(env(name) ?? fallback);
  return Number.isFinite(value) && (value > 0 || (allowZero && value === 0)) ? value : fallback;
}

function webhookKeys(): Partial<Record<WebhookVendor, string>> {
  const raw = env(POS_WEBHOOK_KEYS.name);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(POS_WEBHOOK_KEYS.value());
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string' && v.length > 0));
  } catch {
    return {};
  }
}

export const config = {
  projectId: (): string => env('GCLOUD_PROJECT') ?? env('GOOGLE_CLOUD_PROJECT') ?? 'demo-workforce',
  /** Against emulators (local stack, tests): no Google credentials, no metadata server. */
  usesEmulators: (): boolean => Boolean(env('FIRESTORE_EMULATOR_HOST') || env('FIREBASE_AUTH_EMULATOR_HOST')),
  /** host:port of the Auth emulator, when the code runs against it. */
  authEmulatorHost: (): string | undefined => env('FIREBASE_AUTH_EMULATOR_HOST'),
  /**
   * Against emulators there are no Google credentials to find: without METADATA_SERVER_DETECTION=none
   * the Firestore client probes the GCE metadata server (a network call off the machine).
   */
  avoidMetadataServer: (): void => {
    if (config.usesEmulators() && !env('METADATA_SERVER_DETECTION')) process.env.METADATA_SERVER_DETECTION = 'none';
  },
  /** The project's Web API key (public), for the service's own sign-in (src/core/service-auth.ts); any value against the emulator. */
  webApiKey: (): string => env('FIREBASE_WEB_API_KEY') ?? 'emulator-any-key',
  /** Lowest level written: debug, info (default), warn or error (the test runs use warn). */
  logLevel: (): string => env('LOG_LEVEL') ?? 'info',
  inFunctionsEmulator: (): boolean => env('FUNCTIONS_EMULATOR') === 'true',
  /**
   * How many proxies in front of the functions append the address they saw to X-Forwarded-For
   * (src/http/client-address.ts `clientAddress`): 1 for a function called at its own URL (Google's front
   * end appends the client's address), 2 behind a Firebase Hosting rewrite (Hosting appends the
   * client's, the front end Hosting's), 0 where nothing trusted is in front (the local stack): the
   * header is then ignored. Default 1.
   */
  trustedProxyHops: (): number => Math.floor(positiveNumber('TRUSTED_PROXY_HOPS', 1, true)),
  /**
   * The one address of the API (`/api` on the Firebase Hosting site) that the served API description
   * names; default: the project's default Hosting site, or the Hosting emulator of the local stack.
   */
  apiBaseUrl: (): string =>
    env('API_BASE_URL') ??
    (config.inFunctionsEmulator() ? 'http://127.0.0.1:5002/api' : `https://${config.projectId()}.web.app/api`),
  /**
   * Deadlines, so that a request answers (503 in the envelope) well before the function's timeout
   * (60 s) cuts it off with the platform's bare 500: every Firestore call (each attempt and its
   * client-side retries together, src/core/firebase.ts), and a whole request (src/http/deadline.ts).
   */
  deadlines: {
    firestoreCallMs: (): number => positiveNumber('FIRESTORE_CALL_TIMEOUT_MS', 5_000),
    /** A module's own (`runtime.requestDeadlineSeconds`: the modules calling models) or 15 s; REQUEST_DEADLINE_MS overrides both. */
    requestMs: (moduleSeconds?: number): number =>
      positiveNumber('REQUEST_DEADLINE_MS', moduleSeconds ? moduleSeconds * 1000 : 15_000),
  },
  /** host:port of a local server speaking FCM HTTP v1 (tests, the stack): push goes there instead of Google (src/modules/events/push.ts). */
  fcmLocalHost: (): string | undefined => env('FCM_LOCAL_HOST'),
  ai: {
    anthropicBaseUrl: (): string | undefined => env('ANTHROPIC_BASE_URL'),
    openaiBaseUrl: (): string | undefined => env('OPENAI_BASE_URL'),
    /** SDK retries on 408/409/429/5xx and connection errors (the SDKs honour retry-after). */
    maxRetries: (): number => positiveNumber('AI_MAX_RETRIES', 2, true),
    timeoutMs: (): number => positiveNumber('AI_TIMEOUT_MS', 60_000),
    /** The administrators' addresses (comma-separated) that AI budget alerts go to, besides the company's owners. */
    budgetAlertEmails: (): string[] => envList('AI_BUDGET_ALERT_EMAILS'),
  },
  vendors: {
    /** A vendor's base URL override (VENDOR_URL_SQUARE ...): the local vendor simulators; unset, the vendor's production URL. */
    url: (slug: string): string | undefined => env(`VENDOR_URL_${slug.toUpperCase()}`),
    /**
     * The OAuth redirect URI registered with every vendor: the integration engine's callback. Fixed
     * by configuration, never derived from a request's Host header.
     */
    oauthRedirectUri: (): string =>
      env('OAUTH_REDIRECT_URI') ??
      `https://${REGION}-${config.projectId()}.cloudfunctions.net/integrationEngine/oauth/callback`,
    /** Our OAuth client id at a vendor (SQUARE_CLIENT_ID ...). */
    oauthClientId: (vendor: OAuthVendor): string | undefined => env(`${vendor.toUpperCase()}_CLIENT_ID`),
    /** A vendor's webhook signature key from POS_WEBHOOK_KEYS; undefined when not configured (or not a JSON object of strings). */
    webhookKey: (vendor: WebhookVendor): string | undefined => webhookKeys()[vendor],
    /**
     * Where the vendors post webhooks (the POS sync service), without a trailing slash: Square signs
     * `${base}/webhooks/{vendor}` exactly as registered in its subscription.
     */
    webhookBaseUrl: (): string => (env('POS_WEBHOOK_BASE_URL') ?? 'http://127.0.0.1:7492').replace(/\/+$/, ''),
  },
  weather: {
    /** Open-Meteo's forecast API (https://open-meteo.com/en/docs); the tests point it at a local server speaking its protocol. */
    forecastUrl: (): string => (env('OPEN_METEO_FORECAST_URL') ?? 'https://api.open-meteo.com').replace(/\/+$/, ''),
    /** Open-Meteo's historical weather API (https://open-meteo.com/en/docs/historical-weather-api), same protocol. */
    archiveUrl: (): string =>
      (env('OPEN_METEO_ARCHIVE_URL') ?? 'https://archive-api.open-meteo.com').replace(/\/+$/, ''),
    timeoutMs: (): number => positiveNumber('OPEN_METEO_TIMEOUT_MS', 4000),
  },
  webhooks: {
    /**
     * The explicit local allowance of outgoing webhooks (src/modules/webhooks): comma-separated
     * `host:port` targets that may be plain http and private or loopback addresses (the local stack's
     * receiver, the tests). Unset everywhere else: every target must be https and public.
     */
    allowedTargets: (): string[] => envList('WEBHOOK_ALLOWED_TARGETS'),
  },
  mail: {
    /** The From of every message we send. */
    from: (): string => env('MAIL_FROM') ?? 'Workforce Ops <no-reply@workforce.local>',
  },
  hiring: {
    /**
     * The page where an applicant confirms an application (the emailed link is this URL with
     * `#token=`). Unset: the applicants module's own minimal page (GET /applicants/apply-confirmations).
     */
    confirmApplicationUrl: (): string =>
      env('APPLICATION_CONFIRM_URL') ??
      `https://${REGION}-${config.projectId()}.cloudfunctions.net/applicants/apply-confirmations`,
  },
  accounts: {
    /**
     * The page of the web app where an invitee accepts (the emailed link is this URL with `?token=`).
     * Unset: the auth module's own minimal page (GET /auth/invitations/open), which shows the invitation and accepts it.
     */
    invitationUrl: (): string =>
      env('INVITATION_URL') ?? `https://${REGION}-${config.projectId()}.cloudfunctions.net/auth/invitations/open`,
    /** Where Firebase's password-reset page sends the user once the new password is set (optional). */
    passwordResetContinueUrl: (): string | undefined => env('PASSWORD_RESET_CONTINUE_URL'),
  },
  /** A secret's value, or undefined when it is not configured (never logged). */
  secret: (secret: Secret): string | undefined => (env(secret.name) ? secret.value() : undefined),
  /** Every configured secret value, so the logger can keep them out of every line. */
  secretValues: (): string[] =>
    [...ALL_SECRETS.map((s) => env(s.name)), ...Object.values(webhookKeys())].filter(
      (v): v is string => !!v && v.length >= 8,
    ),
};
