import { SEEDERS } from '../../../../dev/demo/seeds';
import { MODULES } from '../../../../src/modules/registry';

describe('the demo seeders table (dev/demo/seeds/index.ts)', () => {
  it('keys every seeder by the name of a registered module, so the loader runs it in registry order', () => {
    const registered = MODULES.map((m) => m.name);
    expect(Object.keys(SEEDERS).filter((name) => !registered.includes(name))).toEqual([]);
    expect(Object.keys(SEEDERS).length).toBeGreaterThan(0);
  });

  it('holds a seeder function for each key', () => {
    for (const [name, seed] of Object.entries(SEEDERS)) expect([name, typeof seed]).toEqual([name, 'function']);
  });
});
