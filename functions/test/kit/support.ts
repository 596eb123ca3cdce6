import { z } from 'zod';
import { defineErrors } from '../../src/core/errors';
import { ADMIN, AUTHENTICATED, SERVICE, companyInQuery, defineRoute } from '../../src/http/route';
import { defineModule } from '../../src/modules/kit';

/** A scratch module for the platform's own tests: one route per access kind, echoing what the handler received. */
export const kitErrors = defineErrors({ KIT_REFUSED: { status: 422, meaning: 'test only' } });

export const kitModule = defineModule({
  name: 'kitprobe',
  tag: 'test',
  description: 'test only',
  errors: kitErrors.catalog,
  http: () => ({
    routes: [
      defineRoute({
        method: 'get',
        path: '/member',
        summary: 'company route',
        access: companyInQuery('employee'),
        query: z.object({ companyId: z.string() }),
        response: z.any(),
        // typed narrowing: member and caller are non-null here, no `!`
        handler: async ({ member, caller, requestId }) => ({
          role: member.role,
          companyId: member.companyId,
          uid: caller.uid,
          requestId,
        }),
      }),
      defineRoute({
        method: 'get',
        path: '/admin',
        summary: 'admin route',
        access: ADMIN,
        response: z.any(),
        handler: async ({ caller }) => ({ uid: caller.uid, admin: caller.admin }),
      }),
      defineRoute({
        method: 'get',
        path: '/service',
        summary: 'service route',
        access: SERVICE,
        response: z.any(),
        handler: async ({ caller }) => ({ uid: caller.uid, service: caller.service }),
      }),
      defineRoute({
        method: 'post',
        path: '/log',
        summary: 'logs what it was given, then fails',
        access: AUTHENTICATED,
        body: z.object({ note: z.string(), fail: z.boolean() }),
        response: z.any(),
        handler: async ({ body, log, req }) => {
          log.info('handler saw the request', {
            authorization: req.get('authorization'),
            note: body.note,
            headers: req.headers,
          });
          if (body.fail) throw new Error(`boom while handling ${req.get('authorization')} (${body.note})`);
          return { ok: true };
        },
      }),
    ],
  }),
});
