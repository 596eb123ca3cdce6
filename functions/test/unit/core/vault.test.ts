import { generateKeyEntry, open, parseKeyRing, seal, sign, verifySignature } from '../../../src/core/vault';

const A = generateKeyEntry('a');
const B = generateKeyEntry('b');
const saved = process.env.INTEGRATIONS_VAULT_KEYS;
const useRing = (ring: string | undefined) => {
  if (ring === undefined) delete process.env.INTEGRATIONS_VAULT_KEYS;
  else process.env.INTEGRATIONS_VAULT_KEYS = ring;
};

afterAll(() => useRing(saved));

describe('the credential vault', () => {
  beforeEach(() => useRing(A));

  it('seals with AES-256-GCM under the first key of the ring and opens it again', () => {
    const sealed = seal('{"apiSecret":"s3cr3t-value"}', 'vault/co~toast');
    expect(sealed.kid).toBe('a');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(Buffer.from(sealed.data, 'base64').toString('utf8')).not.toContain('s3cr3t');
    expect(open(sealed, 'vault/co~toast')).toBe('{"apiSecret":"s3cr3t-value"}');
  });

  it('never seals the same value to the same ciphertext (fresh IV each time)', () => {
    expect(seal('same', 'x').data).not.toBe(seal('same', 'x').data);
  });

  it('refuses to open a ciphertext moved to another record, or tampered with', () => {
    const sealed = seal('secret', 'vault/co-1~toast');
    expect(() => open(sealed, 'vault/co-2~toast')).toThrow();
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] ^= 1;
    expect(() => open({ ...sealed, data: flipped.toString('base64') }, 'vault/co-1~toast')).toThrow();
  });

  it('opens values of an older key while a newer one seals (rotation), and not once that key is gone', () => {
    const old = seal('secret', 'r');
    useRing(`${B},${A}`);
    expect(seal('x', 'r').kid).toBe('b');
    expect(open(old, 'r')).toBe('secret');
    useRing(B);
    expect(() => open(old, 'r')).toThrow(/no key a/);
  });

  it('answers 503 VAULT_NOT_CONFIGURED without a key, and refuses a malformed ring without echoing it', () => {
    useRing(undefined);
    expect(() => seal('x', 'r')).toThrow(expect.objectContaining({ code: 'VAULT_NOT_CONFIGURED', status: 503 }));
    const leaked = 'k1:c2hvcnQ=';
    expect(() => parseKeyRing(leaked)).toThrow(/entry 1 is not kid:base64 of a 32-byte key/);
    try {
      parseKeyRing(leaked);
    } catch (err) {
      expect((err as Error).message).not.toContain('c2hvcnQ');
    }
    expect(() => parseKeyRing(`${A},${A}`)).toThrow(/same kid/);
  });

  it('signs with a key derived for the purpose, verifies under any key of the ring, and rejects tampering', () => {
    const signature = sign('payload', 'oauth-state');
    expect(verifySignature('payload', signature, 'oauth-state')).toBe(true);
    expect(verifySignature('payload!', signature, 'oauth-state')).toBe(false);
    expect(verifySignature('payload', signature, 'another-purpose')).toBe(false);
    expect(verifySignature('payload', `${signature}x`, 'oauth-state')).toBe(false);
    expect(verifySignature('payload', 'zz.abc', 'oauth-state')).toBe(false);
    useRing(`${B},${A}`);
    expect(verifySignature('payload', signature, 'oauth-state')).toBe(true);
    useRing(B);
    expect(verifySignature('payload', signature, 'oauth-state')).toBe(false);
  });
});
