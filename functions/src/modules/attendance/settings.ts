/** The company's attendance settings. */
import * as repo from './repo';
import type { AttendanceSettingsPatch } from './schemas';

export const getSettings = ({ companyId }: { companyId: string }) => repo.readSettings(companyId);

export async function patchSettings({ companyId, patch }: { companyId: string; patch: AttendanceSettingsPatch }) {
  if (Object.keys(patch).length > 0)
    await repo.settingsRef(companyId).set({ ...patch, updatedAt: Date.now() }, { merge: true });
  return repo.readSettings(companyId);
}

/**
 * Whether the company records rest breaks on punches, as stored here (null: never set here). Payroll
 * reads it for its rest-break premiums and shows and sets it as its own restBreaksRecorded.
 */
export async function storedRestBreaksRecorded(companyId: string): Promise<boolean | null> {
  const value: unknown = (await repo.settingsRef(companyId).get()).get('restBreaksRecorded');
  return typeof value === 'boolean' ? value : null;
}

export async function setRestBreaksRecorded(companyId: string, value: boolean): Promise<void> {
  await repo.settingsRef(companyId).set({ restBreaksRecorded: value, updatedAt: Date.now() }, { merge: true });
}
