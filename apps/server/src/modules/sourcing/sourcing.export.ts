import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { customProjects } from './custom-project.table';
import { supplierInvites } from './supplier-invite.table';

/** "Export my data" tables of the sourcing module (issue 8): custom projects, supplier invites. */
export const createSourcingExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'custom_projects',
    from: customProjects,
    columns: {
      id: customProjects.id,
      created_by_user_id: customProjects.createdByUserId,
      status: customProjects.status,
      step: customProjects.step,
      title: customProjects.title,
      material: customProjects.material,
      print_detail: customProjects.printDetail,
      quantity: customProjects.quantity,
      completion_date: customProjects.completionDate,
      company_id: customProjects.companyId,
      submitted_at: customProjects.submittedAt,
      created_at: customProjects.createdAt,
      updated_at: customProjects.updatedAt,
    },
    ofStore: (storeId) => eq(customProjects.storeId, storeId),
    keys: [customProjects.id],
  }),
  createTableExportSource(db, {
    table: 'supplier_invites',
    from: supplierInvites,
    columns: {
      id: supplierInvites.id,
      invited_by_user_id: supplierInvites.invitedByUserId,
      name: supplierInvites.name,
      website: supplierInvites.website,
      email: supplierInvites.email,
      phone_number: supplierInvites.phoneNumber,
      created_at: supplierInvites.createdAt,
    },
    ofStore: (storeId) => eq(supplierInvites.storeId, storeId),
    keys: [supplierInvites.id],
  }),
];
