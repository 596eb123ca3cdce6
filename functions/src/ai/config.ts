import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../core/firebase';
import { companyDoc, toMillis } from '../core/firestore';
import type { Provider } from './prices';

/**
 * AI configuration: which provider and model a call uses.
 *   companies/{cid}/config/ai   the company's override {provider, model, updatedAt}
 *   aiConfig/global             the global default {provider, model, updatedAt}
 * Resolution for a call: the company's override, else the global default, else BUILT_IN_DEFAULT.
 * Calls made before a company exists use the global default.
 */
export interface AiConfig {
  provider: Provider;
  model: string;
  /** Epoch milliseconds of the last write, set by the server. */
  updatedAt: number;
}

export type ResolvedModel = { provider: Provider; model: string; source: 'company' | 'global' | 'builtin' };

export const BUILT_IN_DEFAULT: { provider: Provider; model: string } = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
};

export const companyConfigRef = (companyId: string) => companyDoc(companyId).collection('config').doc('ai');
export const globalConfigRef = () => db().collection('aiConfig').doc('global');

export function parseConfig(data: DocumentData | undefined): AiConfig | null {
  if (!data || typeof data.provider !== 'string' || typeof data.model !== 'string') return null;
  return { provider: data.provider as Provider, model: data.model, updatedAt: toMillis(data.updatedAt) ?? 0 };
}

/** The provider and model for a call in a company (or before one exists: companyId null). One round trip. */
export async function resolveModel(companyId: string | null): Promise<ResolvedModel> {
  const refs = companyId ? [companyConfigRef(companyId), globalConfigRef()] : [globalConfigRef()];
  const snaps = await db().getAll(...refs);
  const company = companyId ? parseConfig(snaps[0].data()) : null;
  if (company) return { provider: company.provider, model: company.model, source: 'company' };
  const global = parseConfig(snaps[snaps.length - 1].data());
  if (global) return { provider: global.provider, model: global.model, source: 'global' };
  return { ...BUILT_IN_DEFAULT, source: 'builtin' };
}
