import { createHash } from 'node:crypto';
import { addDays, businessToday } from '../../../src/core/calendar';
import { db } from '../../../src/core/firebase';
import { storageBucket } from '../../../src/core/storage';
import type { DemoCompany } from '../types';
import * as repo from '../../../src/modules/documents/repo';
import type { DocumentType } from '../../../src/modules/documents/schemas';
import { flagExpiringDocuments } from '../../../src/modules/documents/service';

/** A small valid PDF naming the document, so a download opens in a viewer. */
function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Demo documents: for the first four employees a contract, a food-handler certificate (the
 * first expiring in 10 days, the second already expired, the others in months), and an
 * alcohol-service certificate for the second. Ids are stable (a reload rewrites them).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const today = businessToday(company.timezone, company.dayChangeTime);
  const owner = company.ownerUid;
  const plan: { employeeIndex: number; type: DocumentType; title: string; expiresInDays: number | null }[] = [];
  company.employees.slice(0, 4).forEach((_e, i) => {
    plan.push({ employeeIndex: i, type: 'contract', title: 'Employment contract', expiresInDays: null });
    plan.push({
      employeeIndex: i,
      type: 'food_handler',
      title: 'Food handler certificate',
      expiresInDays: [10, -3, 120, 300][i],
    });
  });
  if (company.employees.length > 1)
    plan.push({ employeeIndex: 1, type: 'alcohol_service', title: 'Alcohol service certificate', expiresInDays: 25 });

  const batch = db().batch();
  for (const item of plan) {
    const employee = company.employees[item.employeeIndex];
    const bytes = demoPdf(`${item.title}: ${employee.name} ${employee.surname}`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const documentId = `demo_${employee.id}_${item.type}`;
    const storagePath = repo.storagePathOf(company.companyId, employee.id, documentId);
    await storageBucket()
      .file(storagePath)
      .save(bytes, { resumable: false, contentType: 'application/pdf', metadata: { metadata: { sha256 } } });
    const expiresOn = item.expiresInDays === null ? null : addDays(today, item.expiresInDays);
    const now = Date.now();
    batch.set(repo.documentRef(company.companyId, documentId), {
      employeeId: employee.id,
      type: item.type,
      title: item.title,
      fileName: `${item.type}-${employee.surname.toLowerCase()}.pdf`,
      contentType: 'application/pdf',
      size: bytes.length,
      sha256,
      expiresOn,
      expiryStage: null,
      expiryFlags: {},
      uploadedBy: owner,
      storagePath,
      createdAt: now,
      updatedAt: now,
    });
    repo.writeExpiryIndex(batch, company.companyId, documentId, expiresOn);
  }
  await batch.commit();
  // the daily job would flag them within a day; flagged now, the demo shows them at once
  await flagExpiringDocuments();
  const soon = plan.filter((p) => p.expiresInDays !== null && p.expiresInDays <= 14).length;
  return `${plan.length} documents (${soon} expiring within 14 days or expired; flagged)`;
}
