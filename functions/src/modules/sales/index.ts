/** The sales module's public API: what other modules (and the POS sync service) may use. */
import { lazyFile, lazyFunction } from '../kit';

const declaredTips = lazyFile<typeof import('./declared-tips')>(() => require('./declared-tips'));
const aggregate = lazyFile<typeof import('./aggregate')>(() => require('./aggregate'));
const external = lazyFile<typeof import('./external')>(() => require('./external'));
const externalRules = lazyFile<typeof import('./external-rules')>(() => require('./external-rules'));
const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const service = lazyFile<typeof import('./service')>(() => require('./service'));
const tips = lazyFile<typeof import('./tips')>(() => require('./tips'));
const poolInputs = lazyFile<typeof import('./pool-inputs')>(() => require('./pool-inputs'));

const schemas = lazyFile<typeof import('./schemas')>(() => require('./schemas'));

// small files of their own: naming them loads none of the other sales schemas
export { POS_SOURCES, type PosSource } from './sources';
export { MAX_TIPS_DAYS, tipsQuery, tipsResponse, type TipsQuery, type TipsResponse } from './tips-schemas';
export type { SalesQuery, StoredExternalSale } from './schemas';
/** The GET /sales query and answer schemas, loaded on first use. */
export const salesSchemas = (): Pick<typeof import('./schemas'), 'salesQuery' | 'salesResponse'> => schemas();
export type { ExternalOutcome, ExternalSale } from './external-rules';
export type { TipsFigures } from './tips';
export type { AdjustedKind, TipAdjustment, TipChange } from './tip-adjustments';
/** Sales from outside (a POS sync): checked once, recorded as invoices with their day aggregates and tips. */
export const recordExternalSales = lazyFunction(external, 'recordExternalSales');
export const tipsBetween = lazyFunction(tips, 'tipsBetween');
/** Sales and tips per employee and business date, by the classes the tip pools take. */
export const tipPoolInputs = lazyFunction(poolInputs, 'poolInputs');
export type { PoolTipsDay, PoolSale } from './pool-inputs';
/** One business date's sales one by one with their close times, and its declared cash tips, for the pools of a part of the day. */
export const timedPoolInputs = lazyFunction(poolInputs, 'timedPoolInputs');
/** Cash tips declared on POS punches, counted per business day and employee (idempotent per punch: a changed or deleted punch moves them). */
export const recordDeclaredTips = lazyFunction(declaredTips, 'recordDeclaredTips');
export type { DeclaredTips } from './declared-tips';
export const tipsByEmployee = lazyFunction(service, 'tipsByEmployee');
export const getSales = lazyFunction(service, 'getSales');
/** The company's sales currency (null before its first sale), its day documents, and the sales from outside held for an outside employee. */
export const salesCurrency = lazyFunction(repo, 'readSalesCurrency');
export const readSalesDays = lazyFunction(repo, 'readDays');
export const heldExternalSales = lazyFunction(repo, 'heldExternalSales');
/** The stored sales from outside of some vendor ids of one POS source (to reverse one the vendor deleted by id alone). */
export const readExternalSales = lazyFunction(repo, 'readExternalSales');
/** Sales and reserved covers per daypart of the forecast's history (pure). */
export const salesAndCovers = lazyFunction(aggregate, 'salesAndCovers');
/** The connector's record of a stored sale from outside (to record it again). */
export const saleOf = lazyFunction(externalRules, 'saleOf');
