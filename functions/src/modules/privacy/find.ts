import type { DocumentData, DocumentReference, Query } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { DOCUMENT_ID, type PersonIds, type PersonKey } from '../personal-data';
import { platform } from '../kit';
import type { PersonalDataEntry } from '../personal-data';
import { mentions } from './mentions';
import type { Person } from './person';

/** A stored document naming the person, with the rule of the collection it is in. */
export interface Found {
  entry: PersonalDataEntry;
  ref: DocumentReference;
  data: DocumentData;
  /** Found only as a copy of the person's name or contact details in another record (the rule's `copiesIn`). */
  copy?: true;
}

const same = (a: DocumentData, b: DocumentData) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every document of the company naming the person, found through the registry of personal data:
 * by each field that names them (an equality query, or a read by id), and for data nested in lists
 * (a `rewrite` rule) every document the rule changes, and copies of their name or contact details in
 * others' records (a `copiesIn` rule: scanned, the company's documents only). Account data (root collections not scoped to
 * a company) only when the person belongs to no other company.
 */
export async function findPersonalData(companyId: string, person: Person): Promise<Found[]> {
  const found = new Map<string, Found>();
  const keep = (entry: PersonalDataEntry, ref: DocumentReference, data: DocumentData | undefined) => {
    if (data && !found.has(ref.path)) found.set(ref.path, { entry, ref, data });
  };
  const copies = new Map<string, Found>();
  for (const entry of platform().personalDataEntries()) {
    const { rule, scope, collection } = entry;
    const base = scope === 'company' ? companyDoc(companyId).collection(collection) : db().collection(collection);
    const scoped: Query = rule.companyField ? base.where(rule.companyField, '==', companyId) : base;
    if (rule.copiesIn && person.mentions.length && (scope === 'company' || rule.companyField)) {
      for (const d of (await scoped.get()).docs) {
        const fields = rule.copiesIn.map((field) => d.get(field));
        if (mentions(fields, person.mentions))
          copies.set(d.ref.path, { entry, ref: d.ref, data: d.data(), copy: true });
      }
    }
    if (scope === 'root' && !rule.companyField && !person.accountHere) continue;
    if (rule.rewrite) {
      for (const d of (await base.get()).docs)
        if (!same(rule.rewrite(d.data(), person.ids), d.data())) keep(entry, d.ref, d.data());
    }
    for (const [key, fields] of Object.entries(rule.match) as [PersonKey, string | readonly string[]][]) {
      const value = person.ids[key];
      if (!value) continue;
      for (const field of typeof fields === 'string' ? [fields] : fields) {
        if (field === DOCUMENT_ID) {
          const snap = await base.doc(value).get();
          if (!rule.companyField || snap.get(rule.companyField) === companyId) keep(entry, snap.ref, snap.data());
          continue;
        }
        for (const d of (await scoped.where(field, '==', value).get()).docs) keep(entry, d.ref, d.data());
      }
    }
  }
  for (const [path, copy] of copies) if (!found.has(path)) found.set(path, copy);
  return [...found.values()];
}

/** `ids` without the email (what an erasure record and the audit keep). */
export const idsOnly = ({ employeeId, uid, applicationId }: PersonIds) => ({ employeeId, uid, applicationId });
