import { describe, expect, it } from 'vitest';
import { aJob } from '../testing/builders.ts';
import { ALERT_MESSAGES, matchesAlertCriteria, validateAlertCriteria } from './alerts.ts';

describe('saved-search criteria', () => {
  it('refuses criteria that set nothing, and an end date without a start date', () => {
    expect(validateAlertCriteria({ search: '  ', locations: [] })).toEqual({ ok: false, errors: { form: ALERT_MESSAGES.noCriteria } });
    expect(validateAlertCriteria({ endDate: '2027-01-01' })).toEqual({ ok: false, errors: { endDate: ALERT_MESSAGES.endDateWithoutStart } });
  });

  it('matches as the listing does: any search word, the last one also as a prefix, and every other criterion set', () => {
    const job = aJob({ title: 'Summer camp counsellor', location: 'Toronto', postingType: 'Job', cluster: 'Education' });
    expect(matchesAlertCriteria(job, { search: 'lifeguard counsel' })).toBe(true);
    expect(matchesAlertCriteria(job, { search: 'counsel lifeguard' })).toBe(false);
    expect(matchesAlertCriteria(job, { search: 'camp', locations: ['Hamilton'] })).toBe(false);
    expect(matchesAlertCriteria(job, { postingTypes: ['Gig', 'Job'], clusters: ['Education'] })).toBe(true);
  });
});
