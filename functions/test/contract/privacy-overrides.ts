import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import type { Fixture, Override, Prepared } from './generate';

/**
 * Overrides of the privacy module's operations: a person is named by exactly one id (the generic
 * sample names none), an erasure gets an employee of its own (never the fixture's people), and
 * reading or cancelling the company's deletion needs one requested (it runs only after 14 days).
 */

async function ok(what: string, req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

const requestDeletion = async (f: Fixture): Promise<Prepared> => {
  await ok(
    'POST /privacy/company-deletion',
    api('privacy')
      .post('/privacy/company-deletion')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.owner)),
  );
  return {};
};

export const PRIVACY_OVERRIDES: Record<string, Override> = {
  'GET /privacy/export': {
    why: "names one person by exactly one id (the generic sample names none): the fixture's staff employee",
    request: (f) => ({ query: { employeeId: f.staffId } }),
  },
  'POST /privacy/erasures': {
    why: "erases one person, named by exactly one id: an employee made for it, not one of the fixture's people",
    setup: async (f) => {
      const employee = await ok(
        'POST /employees',
        api('employees')
          .post('/employees')
          .query({ companyId: f.company.companyId })
          .set(bearer(f.company.owner))
          .send({ name: 'Erasable', surname: 'Person' }),
      );
      return { employeeId: String(employee.id) };
    },
    request: (_f, p) => ({ body: { employeeId: p.employeeId } }),
  },
  'GET /privacy/company-deletion': {
    why: "reads the company's deletion, which must have been requested (otherwise 404)",
    setup: requestDeletion,
  },
  'DELETE /privacy/company-deletion': {
    why: "cancels the company's deletion, which must have been requested (otherwise 404)",
    setup: requestDeletion,
  },
};
