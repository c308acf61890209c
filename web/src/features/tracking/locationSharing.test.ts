import { describe, expect, it } from 'vitest';
import { errorCode, RefusalError } from '../../lib/api';
import { endsSharing } from './locationSharing';

describe('when sharing a position stops for a load', () => {
  it('reads the refusal’s code, from a socket ack or an HTTP answer, never its text', () => {
    const http = new Error(
      '409: {"message":"The location can be updated only while the load is booked or in transit","code":"LOCATION_NOT_UPDATABLE"}',
    );
    expect(endsSharing(errorCode(http))).toBe(true);
    expect(endsSharing(errorCode(new RefusalError('NOT_FOUND', 'Freight not found')))).toBe(true);
    expect(endsSharing(errorCode(new RefusalError('FORBIDDEN', 'Only the booked carrier can update')))).toBe(
      true,
    );
    // Worth retrying: throttled, a conflict of another kind, offline, a text that merely reads alike.
    expect(endsSharing(errorCode(new RefusalError('TOO_MANY_REQUESTS', 'Too many requests')))).toBe(false);
    expect(endsSharing(errorCode(new Error('409: {"message":"only while booked","code":"CONFLICT"}')))).toBe(
      false,
    );
    expect(endsSharing(errorCode(new TypeError('Failed to fetch')))).toBe(false);
  });
});
