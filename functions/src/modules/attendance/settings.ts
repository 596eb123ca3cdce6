/** The company's attendance settings. */
import * as repo from './repo';
import type { AttendanceSettingsPatch } from './schemas';

export const getSettings = ({ companyId }: { companyId: string }) => repo.readSettings(companyId);

export async function patchSettings({ companyId, patch }: { companyId: string; patch: AttendanceSettingsPatch }) {
  if (Object.keys(patch).length > 0)
    await repo.settingsRef(companyId).set({ ...patch, updatedAt: Date.now() }, { merge: true });
  return repo.readSettings(companyId);
}
