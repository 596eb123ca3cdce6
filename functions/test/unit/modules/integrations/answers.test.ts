import { overviewSchema } from '../../../../src/modules/integrations/schemas';
import {
  alertsResponse,
  connectResponse,
  runSchema,
  runsPage,
} from '../../../../src/modules/integration-engine/schemas';
import { coversResponse, partnerPushResponse } from '../../../../src/modules/reservations/schemas';
import {
  createEmployeeResponse,
  linkResponse,
  listResponse,
  tipsResponse,
} from '../../../../src/modules/pos-sync/schemas';
import { importListResponse, mappingResponse, previewResponse } from '../../../../src/modules/pos-sync/csv/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

const counts = { read: 120, created: 20, updated: 5, unchanged: 90, failed: 1, held: 4 };
const run = {
  id: 'run-1',
  connectionId: 'square~L1',
  slug: 'square',
  trigger: 'import',
  requestedBy: 'u1',
  status: 'succeeded',
  streams: ['roster', 'punches', 'sales', 'tips'],
  window: { from: '2026-05-01', to: '2026-05-31' },
  counts: { sales: counts },
  progress: { sales: { chunksDone: 3, chunksTotal: 3, doneUntil: 1_780_000_000_000 } },
  createdAt: 1,
  startedAt: 2,
  finishedAt: 3,
  durationMs: 1000,
  error: null,
  deliveries: 1,
  leaseExpiresAt: null,
  followUp: false,
  resumedFrom: null,
  importId: 'imp-1',
  created: true,
};

const connection = {
  id: 'square~L1',
  slug: 'square',
  category: 'pos',
  state: 'error',
  account: { id: 'L1', name: 'Harbor & Vine Midtown', merchantId: 'M1' },
  connectedAt: 1,
  connectedBy: 'u1',
  disconnectedAt: null,
  disconnectedBy: null,
  lastSyncAt: 5,
  lastSuccessAt: 4,
  lastError: { code: 'VENDOR_UNAVAILABLE', message: 'Square answered 503', at: 5 },
  consecutiveFailures: 2,
  nextSyncAt: 3_600_005,
  accessTokenExpiresAt: 9_000_000,
  updatedAt: 5,
};

/** The catalogue overview with one POS integration (the fields every POS entry shares filled in). */
const posOverview = (activeCount: number, integration: Record<string, unknown>) => ({
  companyId: 'c1',
  categories: [
    {
      category: 'pos',
      activeCount,
      integrations: [
        {
          category: 'pos',
          capabilities: ['roster', 'punches', 'sales', 'tips'],
          syncModes: ['poll', 'webhook'],
          perAccount: true,
          ...integration,
        },
      ],
    },
  ],
});

describe('integration answers keep every field', () => {
  it('a connection with its vendor account and last error, in the overview and as a connect answer', () => {
    keepsAnswer(
      overviewSchema,
      posOverview(1, {
        slug: 'square',
        name: 'Square',
        description: 'Square POS',
        authKind: 'oauth2',
        state: 'error',
        active: true,
        credentialFields: [],
        connections: [
          connection,
          { ...connection, id: 'square~L2', state: 'connected', account: { id: 'L2' }, lastError: null },
        ],
      }),
    );
    keepsAnswer(connectResponse, { connection, authorization: null, partnerKey: null });
  });

  it('an OAuth consent page to send the owner to, and a partner key shown once', () => {
    keepsAnswer(connectResponse, {
      connection: null,
      authorization: { url: 'https://vendor.example/oauth?state=s.k.h', expiresAt: 600_000 },
      partnerKey: null,
    });
    keepsAnswer(connectResponse, {
      connection: {
        ...connection,
        id: 'opentable',
        slug: 'opentable',
        category: 'reservation',
        state: 'connected',
        account: null,
        lastError: null,
      },
      authorization: null,
      partnerKey: 'pk_live_abc',
    });
  });

  it.each(['manual', 'schedule', 'webhook'])('a page of runs started by %s', (trigger) => {
    keepsAnswer(runsPage, { runs: [{ ...run, trigger, importId: null, resumedFrom: 'run-0' }], nextCursor: 'run-1' });
    keepsAnswer(runsPage, { runs: [], nextCursor: null });
  });

  it('the alerts of connections that keep failing', () => {
    keepsAnswer(alertsResponse, {
      alerts: [
        {
          connectionId: 'square~L1',
          slug: 'square',
          consecutiveFailures: 3,
          state: 'reauth_required',
          error: { code: 'REAUTH_REQUIRED', message: 'The owner revoked access' },
          runId: 'run-7',
          since: 10,
          updatedAt: 12,
        },
      ],
    });
  });

  it('a partner push with what was created, updated, unchanged, stale and rejected', () => {
    keepsAnswer(partnerPushResponse, {
      received: 5,
      created: 1,
      updated: 1,
      unchanged: 1,
      stale: 1,
      rejected: [
        { index: 4, id: 'r 5', code: 'INVALID_RESERVATION', message: 'id: letters, digits and . _ : - only' },
        { index: 5, id: null, code: 'INVALID_RESERVATION', message: 'id: required' },
      ],
    });
  });

  it('reserved covers by day and hour, with the template parts for forecasting', () => {
    keepsAnswer(coversResponse, {
      companyId: 'c1',
      startDate: '2026-12-04',
      endDate: '2026-12-05',
      totalCovers: 14,
      days: [
        {
          date: '2026-12-04',
          weekday: 'Friday',
          covers: 14,
          reservations: 3,
          byHour: Array.from({ length: 48 }, (_, h) => (h === 20 ? 14 : 0)),
          template: { morning: { start: 360, perClient: 15, revenue: 1200 }, evening: null },
        },
        {
          date: '2026-12-05',
          weekday: 'Saturday',
          covers: 0,
          reservations: 0,
          byHour: [],
          template: { morning: null, evening: { start: 1020 } },
        },
      ],
    });
  });

  it("the overview of the catalogue with the company's connections", () => {
    keepsAnswer(
      overviewSchema,
      posOverview(0, {
        slug: 'toast',
        name: 'Toast',
        description: 'Toast POS',
        authKind: 'client_credentials',
        state: 'not_connected',
        active: false,
        connections: [],
        credentialFields: [
          {
            name: 'clientSecret',
            label: 'Client secret',
            description: 'From the Toast developer portal',
            secret: true,
            account: false,
            minLength: 8,
            maxLength: 200,
            pattern: '^\\S+$',
          },
        ],
      }),
    );
  });

  it('a sync run with its counts and progress per stream', () => {
    keepsAnswer(runSchema, run);
    keepsAnswer(runSchema, {
      ...run,
      status: 'failed',
      error: { code: 'VENDOR_UNAVAILABLE', message: 'Toast answered 503 three times' },
      window: null,
    });
  });
});

describe('POS roster and tips answers keep every field', () => {
  const posEmployee = {
    id: 'square~L1~TM1',
    connectionId: 'square~L1',
    slug: 'square',
    vendorId: 'TM1',
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.test',
    phone: null,
    jobTitle: 'Server',
    active: true,
    modifiedAt: 1,
    state: 'unlinked',
    employeeId: null,
    linkedBy: null,
    linkedAt: null,
    unlinkedBy: 'u1',
    unlinkedAt: 2,
    suggestions: [{ employeeId: 'e1', name: 'Ana', surname: 'Ruiz', score: 1 }],
    createdAt: 1,
    updatedAt: 2,
  };
  const linked = { ...posEmployee, state: 'linked', employeeId: 'e1', linkedBy: 'auto', linkedAt: 3, suggestions: [] };
  it('a page of POS employees, a link and a created employee with what was replayed', () => {
    keepsAnswer(listResponse, { posEmployees: [posEmployee, linked], nextCursor: null });
    const replayed = { punches: 3, sales: 12, failed: 1 };
    keepsAnswer(linkResponse, { posEmployee: linked, replayed });
    keepsAnswer(createEmployeeResponse, {
      posEmployee: linked,
      employee: { id: 'e9', name: 'Ana', surname: 'Ruiz', email: null, phone: '+1 212 555 0100' },
      replayed,
    });
  });

  it('tips by day and employee, each kind apart', () => {
    const figures = {
      employeeId: 'e1',
      cardTips: 1200,
      cashTips: 300,
      declaredCashTips: 500,
      gratuities: 400,
      serviceCharges: 900,
      tipsGiven: 200,
      tipsReceived: 100,
      tips: 2300,
    };
    keepsAnswer(tipsResponse, {
      companyId: 'c1',
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      currency: 'USD',
      days: [
        { date: '2026-05-02', ...figures },
        { date: '2026-05-02', ...figures, employeeId: null },
      ],
      employees: [figures],
    });
  });
});

describe('CSV import answers keep every field', () => {
  const mapping = {
    columns: { firstName: 'First', lastName: 'Last' },
    dateFormat: 'mdy',
    decimalSeparator: ',',
    delimiter: ';',
    currency: 'EUR',
  };
  const fields = [{ name: 'firstName', required: true, description: 'First name' }];
  const ERROR_CODES = [
    'REQUIRED',
    'INVALID_DATE',
    'INVALID_AMOUNT',
    'INVALID_NUMBER',
    'INVALID_VALUE',
    'COLUMN_COUNT',
    'OUT_OF_ORDER',
    'TOO_LONG',
  ];
  const errors = ERROR_CODES.map((code, i) => ({
    line: i + 2,
    field: i === 0 ? null : 'amount',
    code,
    message: `problem ${code}`,
  }));
  it('imports in every state, with their problems', () => {
    const states = ['uploading', 'queued', 'running', 'imported', 'failed', 'cancelled'];
    keepsAnswer(importListResponse, {
      items: states.map((state, i) => ({
        id: `imp-${i}`,
        kind: 'roster',
        filename: 'team.csv',
        state,
        parts: [{ part: 1, bytes: 2048, sha256: 'ab'.repeat(32) }],
        bytes: 2048,
        createdAt: 1,
        createdBy: 'u1',
        mapping,
        runId: state === 'uploading' ? null : 'run-1',
        startedAt: null,
        rows: 12,
        errorCount: errors.length,
        errors,
        fileError: null,
        validatedBy: null,
        fileDeleted: state === 'imported',
        run: state === 'uploading' ? null : run,
      })),
      nextCursor: 'next',
    });
  });

  it('the saved mapping and a preview from each mapping source', () => {
    keepsAnswer(mappingResponse, { kind: 'punches', mapping: { ...mapping, updatedAt: 1, updatedBy: 'u1' }, fields });
    keepsAnswer(mappingResponse, { kind: 'sales', mapping: null, fields });
    for (const mappingSource of ['saved', 'suggested', 'given']) {
      keepsAnswer(previewResponse, {
        kind: 'roster',
        headers: ['First', 'Last'],
        mapping,
        mappingSource,
        mappingProblems: ['lastName is required'],
        fields,
        rows: [
          { line: 2, values: { firstName: 'Ana' }, record: { firstName: 'Ana' }, errors: [] },
          { line: 3, values: {}, record: null, errors: errors.slice(0, 1) },
        ],
      });
    }
  });
});
