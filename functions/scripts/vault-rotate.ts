/**
 * `npm run vault:rotate`: re-seals every integration credential under the current (first) key of
 * INTEGRATIONS_VAULT_KEYS. Rotation: put a new key first (`kid:base64`, 32 bytes), deploy, run
 * this against the project (or the emulator), then drop the old key. Prints counts, never a value.
 */
import { rotateVault } from '../src/modules/integration-engine';

rotateVault()
  .then(({ examined, resealed, kid }) => {
    console.log(`examined ${examined} credential records, re-sealed ${resealed} under key ${kid}`);
    process.exit(0);
  })
  .catch((err: Error) => {
    console.error(`vault rotation failed: ${err.message}`);
    process.exit(1);
  });
