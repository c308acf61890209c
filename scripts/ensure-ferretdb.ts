// CI, before the tests: `npx tsx scripts/ensure-ferretdb.ts [dataDir]` (default .data) makes sure a MongoDB will be
// found without a one-minute build during the test run. Does nothing when MONGODB_URI is set or `mongod` or
// `ferretdb` is on PATH; otherwise builds FerretDB into <dataDir>/bin/ferretdb unless it is already there.
import path from 'node:path';
import { ensureFerretBinary, ferretVersion, findExecutable } from '@freight/dev-services';

async function main(): Promise<void> {
  const dataDir = path.resolve(process.argv[2] ?? '.data');
  if (process.env.MONGODB_URI) {
    console.log('MONGODB_URI is set: FerretDB is not needed.');
    return;
  }
  for (const name of ['mongod', 'ferretdb']) {
    const found = findExecutable(name);
    if (found) {
      console.log(`${name} is on PATH (${found}): FerretDB is not needed.`);
      return;
    }
  }
  const binary = await ensureFerretBinary(dataDir, (line) => console.log(line));
  console.log(`FerretDB ${(await ferretVersion(binary)) ?? '(unknown version)'} is ready at ${binary}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
