import type { UserDto, authorityNumbersSchema } from '@freight/shared';
import type { z } from 'zod';
import { conflict, unauthorized } from '../../http/errors';
import { withAggregates, type AggregateRef } from '../../infra/concurrency';
import { authorize, type Actor } from '../../policies';
import { setBusinessFields } from './service';
import { UserModel, toUserDto } from '../users/model';

const LABEL = { mcNumber: 'MC', usdotNumber: 'USDOT' } as const;

/**
 * PUT /api/users/me/authority (issue 16): a carrier's or broker's MC and USDOT numbers, each held by one account at
 * most. The check and the write run under the numbers' leases (and the user's), so two accounts claiming one number
 * at once cannot both get it: FerretDB has no unique index on an optional field to settle it.
 */
export async function setAuthorityNumbers(
  actor: Actor,
  data: z.output<typeof authorityNumbersSchema>,
): Promise<UserDto> {
  authorize(actor, 'user:setAuthority', undefined, {
    message: 'Only carriers and brokers have MC and USDOT numbers',
  });
  const fields = ['mcNumber', 'usdotNumber'] as const;
  const refs: AggregateRef[] = [{ kind: 'user', id: actor.id }];
  for (const field of fields) {
    const value = data[field];
    if (value) refs.push({ kind: 'authority', id: `${field}:${value}` });
  }
  return withAggregates(refs, async () => {
    for (const field of fields) {
      const value = data[field];
      if (!value) continue;
      // One company per number (issue 28): its members hold copies of it, which are not another account.
      const holders = await UserModel.find({ [field]: value }, { _id: 1, companyId: 1 }).lean();
      const other = holders.find((h) =>
        h.companyId && actor.companyId ? String(h.companyId) !== actor.companyId : String(h._id) !== actor.id,
      );
      if (other) {
        throw conflict(`${LABEL[field]} ${value} is already registered to another account`);
      }
    }
    await setBusinessFields(actor.id, { mcNumber: data.mcNumber, usdotNumber: data.usdotNumber });
    const updated = await UserModel.findById(actor.id);
    if (!updated) throw unauthorized();
    return toUserDto(updated);
  });
}
