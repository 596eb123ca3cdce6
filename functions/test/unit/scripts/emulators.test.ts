/**
 * Every local emulator listens on the loopback address only: what firebase.json tells firebase-tools,
 * and the embedded Firestore emulator, whose package binds every interface by itself.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const { startFirestore } = require('../../../scripts/emulators.js') as {
  startFirestore: (port: number) => Promise<{ stop(): void }>;
};

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('the local emulators', () => {
  it('are all configured on 127.0.0.1 in firebase.json', () => {
    const config = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../firebase.json'), 'utf8'));
    const hosts = Object.entries(config.emulators as Record<string, { host?: string; port?: number }>)
      .filter(([, entry]) => typeof entry === 'object' && entry.port !== undefined)
      .map(([name, entry]) => [name, entry.host]);
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter(([, host]) => host !== '127.0.0.1')).toEqual([]);
  });

  it('start the embedded Firestore emulator on the loopback address only', async () => {
    const port = await freePort();
    const server = await startFirestore(port);
    try {
      expect(await connects('127.0.0.1', port)).toBe(true);
      // 127.0.0.2 is another local address (all of 127/8 is loopback): a server bound to every
      // interface answers there, one bound to 127.0.0.1 does not
      expect(await connects('127.0.0.2', port)).toBe(false);
    } finally {
      server.stop();
    }
  });
});
