import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES_BY_USER_TYPE } from '@freight/shared';
import { TEST_ACCOUNTS } from '../users/testAccounts';
import { UserModel } from '../users/model';
import type { Runtime } from '../../runtimeTypes';
import { DocumentModel } from './model';

/** A one-page PDF naming the document, so "View Document" on a demo account opens something real. */
function demoPdf(title: string): Buffer {
  const text = `${title} (demo document)`.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
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
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The verified test accounts get approved documents of every type their user type requires, so their compliance
 * card reads 100% like any verified account's. Accounts that already have documents are left alone.
 */
export async function seedTestAccountDocuments(rt: Runtime): Promise<void> {
  const emails = TEST_ACCOUNTS.filter((a) => a.verifiedWithPro).map((a) => a.email);
  const users = await UserModel.find({ email: { $in: emails } }).lean();
  for (const user of users) {
    if (await DocumentModel.exists({ userId: user._id })) continue;
    const types =
      DOCUMENT_TYPES_BY_USER_TYPE[user.userType as keyof typeof DOCUMENT_TYPES_BY_USER_TYPE] ?? [];
    const now = new Date();
    const expires = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
    for (const type of types) {
      const pdf = demoPdf(DOCUMENT_TYPE_LABELS[type] ?? type);
      await DocumentModel.create({
        userId: user._id,
        documentType: type,
        fileName: `${type}.pdf`,
        storageKey: await rt.files.save(pdf),
        fileSize: pdf.length,
        mimeType: 'application/pdf',
        status: 'approved',
        expirationDate: expires,
        uploadedAt: now,
        reviewedAt: now,
      });
    }
  }
}
