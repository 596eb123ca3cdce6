import { randomUUID } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../../src/core/firebase';
import { DOCUMENT_ID, type PersonIds, type PersonKey } from '../../src/modules/personal-data';
import { personalDataEntries } from '../../src/modules/registry';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

/**
 * Every entry of the registry of personal data, held to what it declares: the person's name is
 * planted in a document of every collection the registry knows (a document naming the person by
 * each kind of id the entry matches, the name in every field its erasure removes; and, where the
 * entry says copies may live, another person's document carrying the name in each of those
 * fields), then the person is erased through the API, and no planted document still holds the name.
 */
/** Entries reduced to ids with no field removed (they hold ids and figures only), and the pay periods (names nested in report lines: test/privacy/privacy.test.ts). */
const IDS_ONLY = [
  'attendance/attendanceLocks',
  'attendance/lateRecords',
  'attendance/punchAudit',
  'messaging/conversationLog',
  'messaging/conversations',
  'payroll/payPeriods',
  'posSync/csvImports',
  'posSync/posHeld',
  'sales/invoices',
  'sales/posDeclaredTips',
  'sales/posTipAdjustments',
  'sales/posTips',
  'schedule/schedulePremiums',
  'tipPools/tipEntries',
];

/** What a root collection's readers need of a document, beside what the sweep plants. */
const READABLE: Record<string, DocumentData> = {
  authAudit: { at: Date.now(), action: 'disable', actorUid: 'an-administrator' },
};

let co: TestCompany;
let person: PersonIds;
const NAME = `Philippa Quennell-${randomUUID().slice(0, 6)}`;
const planted: Array<{ where: string; path: string }> = [];

const companyRef = () => db().collection('companies').doc(co.companyId);

beforeAll(async () => {
  co = await createCompany();
  await companyRef()
    .collection('employees')
    .doc(co.employeeId)
    .update({ name: 'Philippa', surname: NAME.split(' ')[1] });
  person = {
    employeeId: co.employeeId,
    uid: co.employee.uid,
    applicationId: `app-${randomUUID().slice(0, 8)}`,
    email: co.employee.email,
  };
  await companyRef()
    .collection('applications')
    .doc(person.applicationId!)
    .set({ email: person.email, employeeId: co.employeeId, name: NAME });
  for (const { module, collection, scope, rule } of personalDataEntries()) {
    const where = `${module}/${collection}`;
    const base = scope === 'company' ? companyRef().collection(collection) : db().collection(collection);
    // root collections are read across companies (the administrators' audit list): their documents stay readable
    const company = {
      ...(rule.companyField ? { [rule.companyField]: co.companyId } : {}),
      ...(READABLE[collection] ?? {}),
    };
    // the fields naming the person by an id stay theirs; an existing document (the employee record) keeps what it holds
    const idFields = new Set(Object.values(rule.match).flat());
    const plantAt = async (ref: FirebaseFirestore.DocumentReference, data: DocumentData) => {
      const existing = (await ref.get()).data() ?? {};
      const fresh = Object.fromEntries(Object.entries(data).filter(([k]) => !(k in existing)));
      await ref.set({ ...existing, ...fresh });
      planted.push({ where, path: ref.path });
    };
    for (const [key, fields] of Object.entries(rule.match) as [PersonKey, string | readonly string[]][]) {
      const id = person[key];
      if (!id) continue;
      const field = typeof fields === 'string' ? fields : fields[0];
      // a document the erasure deletes may carry the name anywhere; a reduced one in the fields it removes
      const names =
        rule.erase === 'delete'
          ? { plantedName: NAME }
          : Object.fromEntries((rule.fields ?? []).filter((f) => !idFields.has(f)).map((f) => [f, NAME]));
      if (rule.erase === 'reduce' && !rule.fields?.length) continue; // declared to hold ids only
      const ref = field === DOCUMENT_ID ? base.doc(id) : base.doc();
      await plantAt(ref, { ...company, ...(field === DOCUMENT_ID ? {} : { [field]: id }), ...names });
    }
    for (const field of rule.copiesIn ?? []) {
      // another person's document naming the person in its text
      await plantAt(base.doc(), {
        ...company,
        uid: co.manager.uid,
        employeeId: 'someone-else',
        authorUid: co.manager.uid,
        [field]: `About ${NAME}, at ${person.email}`,
      });
    }
  }
}, 120_000);

afterAll(async () => {
  // the planted root documents of this company go: other test files read those collections
  for (const { path } of planted) if (!path.startsWith('companies/')) await db().doc(path).delete();
});

describe('the registry of personal data, every entry planted and erased', () => {
  it('plants the name in every collection of the registry but those whose entry says they hold ids only', () => {
    const collections = new Set(planted.map((p) => p.where));
    const notPlanted = personalDataEntries()
      .map((e) => `${e.module}/${e.collection}`)
      .filter((where) => !collections.has(where));
    console.log(`registry sweep: ${planted.length} documents planted in ${collections.size} collections`);
    expect(notPlanted.sort()).toEqual(IDS_ONLY);
  });

  it('leaves no planted document holding the name or the email after the erasure', async () => {
    const res = await api('privacy')
      .post('/privacy/erasures')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ employeeId: co.employeeId });
    expect(res.status).toBe(201);
    const left: string[] = [];
    for (const { where, path } of planted) {
      const data = (await db().doc(path).get()).data();
      const text = JSON.stringify(data ?? {}).toLowerCase();
      if (text.includes(NAME.toLowerCase()) || text.includes(person.email!.toLowerCase()))
        left.push(`${where}: ${path} ${JSON.stringify(data).slice(0, 200)}`);
    }
    expect(left).toEqual([]);
  }, 60_000);
});
