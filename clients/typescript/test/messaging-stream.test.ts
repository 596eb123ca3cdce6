/**
 * The messaging stream through the one address: the iterator receives every message once and in
 * order while its connections end (the server's wait of 2 s) and one is cut midway (a fetch that
 * drops the body after the first message), resuming each time with the last event id.
 * And a message's file: uploaded, sent and read back through the typed client.
 */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { createWorkforceClient, firebaseIdToken, messagingStream, unwrap, type MessagingEvent } from '../src';
import { ACCOUNTS, BASE_URL, closeFirebaseApps, DEMO, firebaseAuth, HARBOR, signedInClient } from './helpers';

afterAll(closeFirebaseApps);

// each connection lasts 2 s on the stack; a dozen messages and a few reconnects take ~10 s there
jest.setTimeout(120_000);

/** A fetch whose first stream response is cut after its first message event (a dropped connection). */
function cuttingFetch(): { fetch: typeof globalThis.fetch; cuts: () => number } {
  let cuts = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (cuts > 0 || !url.includes('/messaging/stream') || !response.body) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += decoder.decode(value, { stream: true });
        controller.enqueue(value);
        if (seen.includes('event: message') && seen.endsWith('\n\n')) {
          cuts++;
          await reader.cancel();
          controller.error(new TypeError('connection reset'));
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, cuts: () => cuts };
}

describe('messagingStream', () => {
  it('receives every message once and in order across the ends of its connections and a cut', async () => {
    const auth = firebaseAuth();
    await signInWithEmailAndPassword(auth, ACCOUNTS.employee, DEMO.password);
    const cutting = cuttingFetch();
    const employee = createWorkforceClient({ baseUrl: BASE_URL, idToken: firebaseIdToken(auth), fetch: cutting.fetch });
    const { api: manager } = await signedInClient(ACCOUNTS.manager);
    const controller = new AbortController();
    const received: MessagingEvent[] = [];
    const iterating = (async () => {
      for await (const event of messagingStream(employee, {
        companyId: HARBOR,
        wait: 2,
        retryMs: 200,
        signal: controller.signal,
      }))
        received.push(event);
    })();
    const ready = () => received.some((e) => e.event === 'ready');
    while (!ready()) await new Promise((r) => setTimeout(r, 50));
    const sent: string[] = [];
    for (let i = 0; i < 12; i++) {
      const message = await unwrap(
        manager.POST('/messaging/conversations/{conversationId}/messages', {
          params: { path: { conversationId: 'everyone' }, query: { companyId: HARBOR } },
          body: { text: `stream test ${i}` },
        }),
      );
      sent.push(message.id);
      // spread over a few connections
      await new Promise((r) => setTimeout(r, 400));
    }
    const messageId = (e: MessagingEvent) => (e.event === 'message' ? e.data.message.id : null);
    const mine = () => received.map(messageId).filter((id): id is string => id !== null && sent.includes(id));
    while (mine().length < sent.length) await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await iterating;
    expect(mine()).toEqual(sent);
    expect(cutting.cuts()).toBe(1);
    const ids = received.filter((e) => e.event !== 'ready').map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("a message's files through the typed client", () => {
  it('uploads the bytes, sends them by id, and another member reads exactly those bytes', async () => {
    const { api: employee } = await signedInClient(ACCOUNTS.employee);
    const { api: manager } = await signedInClient(ACCOUNTS.manager);
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new TextEncoder().encode(`${Date.now()}`),
    ]);
    const upload = await unwrap(
      employee.POST('/messaging/conversations/{conversationId}/attachments', {
        params: { path: { conversationId: 'everyone' }, query: { companyId: HARBOR, fileName: 'line-check.png' } },
        headers: { 'Content-Type': 'image/png' },
        body: new Blob([png]),
        bodySerializer: (bytes) => bytes,
      }),
    );
    expect(upload).toMatchObject({ fileName: 'line-check.png', contentType: 'image/png', messageId: null });
    const message = await unwrap(
      employee.POST('/messaging/conversations/{conversationId}/messages', {
        params: { path: { conversationId: 'everyone' }, query: { companyId: HARBOR } },
        body: { text: 'Line check', attachmentIds: [upload.id] },
      }),
    );
    expect(message.attachments.map((a) => a.id)).toEqual([upload.id]);
    const content = await unwrap(
      manager.GET('/messaging/conversations/{conversationId}/attachments/{attachmentId}/content', {
        params: { path: { conversationId: 'everyone', attachmentId: upload.id }, query: { companyId: HARBOR } },
      }),
    );
    expect(Buffer.from(content.contentBase64, 'base64').equals(Buffer.from(png))).toBe(true);
  });
});
