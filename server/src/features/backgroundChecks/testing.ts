// Test support (API, socket and e2e tests): a complete form, and an approved check seeded directly, as an admin's
// approval would leave it (for tests of other features whose drivers make offers).
import type { BackgroundCheckInput } from '@freight/shared';
import { Types } from 'mongoose';
import { encryptField } from '../../infra/fieldEncryption';
import { BackgroundCheckModel, ssnContext } from './model';

/** A form with every required field and both consents; `overrides` change or (as undefined) drop fields. */
export function backgroundCheckForm(overrides: Record<string, unknown> = {}): BackgroundCheckInput {
  const form: Record<string, unknown> = {
    fullName: 'Dana Driver',
    dateOfBirth: '1988-04-12',
    ssn: '219-09-9999',
    currentAddress: '12 Elm St',
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    phoneNumber: '(775) 555-0134',
    emergencyContactName: 'Sam Driver',
    emergencyContactPhone: '775-555-0199',
    emergencyContactRelationship: 'Sibling',
    drivingExperience: '8 years: pickup with trailer, cargo van',
    hasMovingViolations: false,
    movingViolationsDetails: '',
    hasAccidents: false,
    accidentsDetails: '',
    hasCriminalHistory: false,
    criminalHistoryDetails: '',
    consentToBackgroundCheck: true,
    consentToRecordCheck: true,
    ...overrides,
  };
  for (const [k, v] of Object.entries(form)) if (v === undefined) delete form[k];
  return form as BackgroundCheckInput;
}

/** Gives the driver an approved background check (replacing any), so the driver may offer on small shipments. */
export async function seedApprovedBackgroundCheck(userId: string): Promise<void> {
  const now = new Date();
  await BackgroundCheckModel.deleteMany({ userId: new Types.ObjectId(userId) });
  await BackgroundCheckModel.create({
    userId: new Types.ObjectId(userId),
    fullName: 'Seeded Driver',
    dateOfBirth: new Date('1980-01-01T00:00:00.000Z'),
    ssnEncrypted: encryptField('078051120', ssnContext(userId)),
    ssnLast4: '1120',
    currentAddress: '1 Test Way',
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    phoneNumber: '555-010-0100',
    emergencyContactName: 'Contact',
    emergencyContactPhone: '555-010-0101',
    emergencyContactRelationship: 'Friend',
    drivingExperience: '5 years',
    consentToBackgroundCheck: true,
    consentToRecordCheck: true,
    status: 'approved',
    submittedAt: now,
    reviewedAt: now,
  });
}
