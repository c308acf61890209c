import { TEST_ACCOUNTS } from '../users/testAccounts';
import { withAggregate } from '../../infra/concurrency';
import { encryptField } from '../../infra/fieldEncryption';
import { UserModel } from '../users/model';
import { BackgroundCheckModel, ssnContext } from './model';

/**
 * The seeded individual driver (driver@test.local) gets an approved background check, as the other test accounts are
 * seeded verified: it can make offers on small shipments at once. Its SSN is 078-05-1120, a number the Social
 * Security Administration voided long ago (never anyone's), stored encrypted like any other. A driver that already
 * has a check keeps it.
 */
export async function seedTestDriverBackgroundCheck(): Promise<void> {
  const emails = TEST_ACCOUNTS.filter((a) => a.userType === 'individual_driver').map((a) => a.email);
  for (const email of emails) {
    const driver = await UserModel.findOne({ email }, { _id: 1, firstName: 1, lastName: 1 }).lean();
    if (!driver) continue;
    await withAggregate('backgroundCheck', String(driver._id), async () => {
      if (await BackgroundCheckModel.exists({ userId: driver._id })) return;
      const now = new Date();
      await BackgroundCheckModel.create({
        userId: driver._id,
        fullName: `${driver.firstName ?? 'Test'} ${driver.lastName ?? 'Driver'}`.trim(),
        dateOfBirth: new Date('1985-06-15T00:00:00.000Z'),
        ssnEncrypted: encryptField('078051120', ssnContext(driver._id)),
        ssnLast4: '1120',
        currentAddress: '100 Main St',
        city: 'Reno',
        state: 'NV',
        zipCode: '89501',
        phoneNumber: '555-010-0100',
        emergencyContactName: 'Test Contact',
        emergencyContactPhone: '555-010-0101',
        emergencyContactRelationship: 'Spouse',
        drivingExperience: '10 years, cars and cargo vans',
        consentToBackgroundCheck: true,
        consentToRecordCheck: true,
        status: 'approved',
        submittedAt: now,
        reviewedAt: now,
      });
    });
  }
}
