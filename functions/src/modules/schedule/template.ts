import { mergeScheduleTemplate, readScheduleTemplate } from '../companies';

/** The schedule template (`daysStructure`): days kept in the company's profile, read and merged through the companies module. */

export async function getTemplate({ companyId }: { companyId: string }) {
  return { daysStructure: await readScheduleTemplate(companyId) };
}

/** Merges day by day: each day sent replaces that day whole; days not sent are kept. */
export async function patchTemplate({
  companyId,
  daysStructure,
}: {
  companyId: string;
  daysStructure: Record<string, unknown>;
}) {
  await mergeScheduleTemplate(companyId, daysStructure);
  return getTemplate({ companyId });
}
