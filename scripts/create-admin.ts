// `npm run create-admin -- --email a@b.c --password '…' [--first-name A --last-name B]`
// Uses MONGODB_URI, else the services of a running `npm start` (.data/services.json), else starts them.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfigOrExit } from '@freight/server/config';
import { hashPassword } from '@freight/server/features/account/passwords';
import { UserModel } from '@freight/server/features/users/model';
import { startEmbeddedServices } from '@freight/dev-services';
import mongoose from 'mongoose';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'User' },
  },
});
const input = z
  .object({
    email: z.string().trim().toLowerCase().email('--email must be an email address'),
    password: z.string().min(8, '--password must have at least 8 characters'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues[0].message);
  process.exit(1);
}

const config = loadConfigOrExit();
const services = await startEmbeddedServices({
  dataDir: path.resolve(config.DATA_DIR),
  log: () => undefined,
  reuseRunning: true,
});
try {
  await mongoose.connect(services.mongoUri, { dbName: config.MONGODB_DB });
  await UserModel.init();
  const passwordHash = await hashPassword(input.data.password);
  const result = await UserModel.findOneAndUpdate(
    { email: input.data.email },
    {
      $set: { passwordHash, userType: 'admin', isVerified: true, authProvider: 'local' },
      $setOnInsert: {
        firstName: values['first-name'],
        lastName: values['last-name'],
        companyName: 'FreightConnect',
      },
    },
    { upsert: true, new: true },
  );
  console.log(`Admin ready: ${result.email} (${result.id})`);
} finally {
  await mongoose.disconnect();
  await services.stop();
}
