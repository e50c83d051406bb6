import { describe, expect, it } from 'vitest';
import { ADMIN_DONATION_STATUS, DONATION_STATUSES } from '../constants';
import { donationStatusLabel } from './donations';
import { shellMessages } from './shell';

describe('status labels', () => {
  it('staff read each status with the donor’s word for it', () => {
    for (const status of DONATION_STATUSES) {
      expect(shellMessages.adminStatus[ADMIN_DONATION_STATUS[status]]).toBe(donationStatusLabel(status));
    }
    expect(shellMessages.adminStatus.APPROVED).toBe('Completada');
    expect(shellMessages.adminStatus.DECLINED).toBe('Fallida');
  });
});
