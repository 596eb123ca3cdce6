import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import {
  forgottenSchema,
  listMemoriesQuery,
  memoryCreateBody,
  memoryIdParam,
  memoryPatchBody,
  memorySchema,
} from './schemas';
import { lazyFile } from '../kit';

/** The service, loaded with the first request that uses it (a cold start loads only the routes). */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const member = companyInQuery('employee');

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/memories',
    summary: 'List the memories the caller may see',
    description:
      "The company's memories (those with visibility `managers` only for managers and owners), newest first, then the caller's own personal memories. Another member's personal memories are never listed, not even to the owner.",
    access: member,
    query: listMemoriesQuery,
    response: z.array(memorySchema),
    handler: ({ member: m, query }) => service().listMemories({ member: m, scope: query.scope }),
  }),
  defineRoute({
    method: 'post',
    path: '/memories',
    summary: 'Remember a fact (company or personal)',
    status: 201,
    description: `A company memory needs a manager or owner (403 INSUFFICIENT_ROLE otherwise); any member keeps personal ones. Idempotent on content: the same text in the same scope (ignoring case and spacing) answers the memory already kept. Limits: 200 company memories, 50 personal memories per member (422 MEMORY_LIMIT_REACHED). A fact the assistant proposed is saved by the member with \`source: "assistant"\`.`,
    access: member,
    query: companyIdQuery,
    body: memoryCreateBody,
    response: memorySchema,
    handler: ({ member: m, body }) => service().createMemory({ member: m, memory: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/memories/:memoryId',
    summary: 'Edit a memory',
    description:
      'Company memories: managers and owners; personal memories: their member. A memory the caller cannot see answers 404.',
    access: member,
    params: memoryIdParam,
    query: companyIdQuery,
    body: memoryPatchBody,
    response: memorySchema,
    handler: ({ member: m, params, body }) =>
      service().updateMemory({ member: m, memoryId: params.memoryId, patch: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/memories/:memoryId',
    summary: 'Forget a memory',
    description:
      'Deletes the memory (a forgotten fact is gone, not archived). Same rules as editing; a memory already forgotten answers 404.',
    access: member,
    params: memoryIdParam,
    query: companyIdQuery,
    response: forgottenSchema,
    handler: ({ member: m, params }) => service().deleteMemory({ member: m, memoryId: params.memoryId }),
  }),
];
