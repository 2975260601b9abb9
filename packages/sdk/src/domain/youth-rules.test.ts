import { describe, expect, it } from 'vitest';
import type { DateString } from './dates.ts';
import {
  ageOn,
  DEFAULT_BOARD_RULES,
  hoursCountFrom,
  isPlausibleBirthMonth,
  notOpenYetMessage,
  ruleForStudent,
  ruleOnHours,
  ruleOnPosting,
  rulePackOf,
  signOffsFor,
  type BoardRules,
  type HoursActivityFacts,
  type PostingRuleFacts,
} from './youth-rules.ts';

const TODAY = '2026-11-28' as DateString;
const US: BoardRules = { ...DEFAULT_BOARD_RULES, packId: 'us-federal' };

function posting(facts: Partial<PostingRuleFacts>): PostingRuleFacts {
  return {
    postingType: 'Job',
    workplace: null,
    tasks: [],
    schedule: { days: [], start: null, end: null, hoursPerWeek: null },
    paid: true,
    payRate: null,
    payUnit: null,
    forProfit: null,
    declaredMinimumAge: null,
    startDate: null,
    ...facts,
  };
}

function activity(facts: Partial<HoursActivityFacts>): HoursActivityFacts {
  return { kind: 'community-service', tasks: [], workplace: null, paid: false, forProfit: null, date: TODAY, ...facts };
}

describe('minimum age by workplace (Ontario)', () => {
  it.each([
    ['office', 14, 'Reg. 851'],
    ['store', 14, 'Reg. 851'],
    ['arena', 14, 'Reg. 851'],
    ['restaurant-serving', 14, 'Reg. 851'],
    ['factory', 15, 'Reg. 851'],
    ['restaurant-kitchen', 15, 'Reg. 851'],
    ['repair-shop', 15, 'Reg. 851'],
    ['garage', 15, 'Reg. 851'],
    ['warehouse', 15, 'Reg. 851'],
    ['construction', 16, 'O. Reg. 213/91'],
    ['logging', 16, 'Reg. 851'],
    ['surface-mine', 16, 'Reg. 854'],
    ['underground-mine', 18, 'Reg. 854'],
    ['surface-mine-face', 18, 'Reg. 854'],
    ['window-cleaning', 18, 'Reg. 859'],
  ] as const)('%s: from age %i (%s)', (workplace, age, source) => {
    const ruling = ruleOnPosting(posting({ workplace }), DEFAULT_BOARD_RULES, TODAY);
    expect(ruling.minimumAge).toBe(age);
    if (age > 14) expect(ruling.ageReasons.map((reason) => reason.source).join()).toContain(source);
  });
});

describe('school hours (Education Act)', () => {
  it.each([
    ['a weekday afternoon in term', { days: ['mon', 'wed'] as const, start: '13:00', end: '17:00' }, '2026-11-30', 16],
    ['weekday evenings', { days: ['mon', 'wed'] as const, start: '16:00', end: '20:00' }, '2026-11-30', 14],
    ['Saturday daytime', { days: ['sat'] as const, start: '09:00', end: '17:00' }, '2026-11-30', 14],
    ['a weekday in July', { days: ['tue'] as const, start: '09:00', end: '17:00' }, '2027-07-06', 14],
  ])('%s: from age %i', (_name, window, startDate, age) => {
    const ruling = ruleOnPosting(posting({ schedule: { ...window, hoursPerWeek: null }, startDate: startDate as DateString }), DEFAULT_BOARD_RULES, TODAY);
    expect(ruling.minimumAge).toBe(age);
    if (age === 16) expect(ruling.ageReasons[0]?.source).toContain('Education Act');
  });

  it('refuses a posting that asks for 14-year-olds during school hours, and says the rule', () => {
    const ruling = ruleOnPosting(
      posting({ schedule: { days: ['tue'], start: '10:00', end: '12:00', hoursPerWeek: 2 }, declaredMinimumAge: 14 }),
      DEFAULT_BOARD_RULES,
      TODAY,
    );
    expect(ruling.refusals).toHaveLength(1);
    expect(ruling.refusals[0]?.text).toMatch(/open from age 16: Nobody under 16 may be employed during school hours/);
    expect(ruling.refusals[0]?.source).toContain('Education Act');
  });
});

describe('pay floor (Employment Standards Act)', () => {
  it.each([
    [
      'student rate for a part-time posting open to under-18s',
      { payRate: 16.6, schedule: { days: [], start: null, end: null, hoursPerWeek: 20 } },
      16.6,
      false,
    ],
    ['under the student rate', { payRate: 16.5 }, 16.6, true],
    ['general rate over 28 hours a week', { payRate: 16.6, schedule: { days: [], start: null, end: null, hoursPerWeek: 35 } }, 17.6, true],
    ['general rate for an adults-only posting', { payRate: 17.6, workplace: 'window-cleaning' as const }, 17.6, false],
  ])('%s', (_name, facts, floor, refused) => {
    const ruling = ruleOnPosting(posting(facts), DEFAULT_BOARD_RULES, TODAY);
    expect(ruling.payFloor?.rate).toBe(floor);
    expect(ruling.payFloor?.finding.source).toContain('Employment Standards Act');
    expect(ruling.refusals.length > 0).toBe(refused);
  });

  it('weighs the rate in effect on the start day: $16.20 before 2025-10-01', () => {
    const ruling = ruleOnPosting(posting({ payRate: 16.3 }), DEFAULT_BOARD_RULES, '2025-09-15' as DateString);
    expect(ruling.payFloor?.rate).toBe(16.2);
    expect(ruling.refusals).toEqual([]);
  });

  it('has no floor for unpaid volunteering', () => {
    expect(ruleOnPosting(posting({ postingType: 'Volunteering', paid: false }), DEFAULT_BOARD_RULES, TODAY).payFloor).toBeNull();
  });
});

describe('community involvement hours (PPM 124)', () => {
  it.each([
    ['community service', {}, true, null],
    ['part of a course', { kind: 'course-part' as const }, false, 'cih-course'],
    ['during instructional time', { kind: 'instructional-time' as const }, false, 'cih-instructional-time'],
    ['paid work', { paid: true }, false, 'cih-paid'],
    ['operating a vehicle', { tasks: ['vehicles' as const] }, false, 'cih-vehicles'],
    ['power tools', { tasks: ['power-tools' as const] }, false, 'cih-power-tools'],
    ['scaffolding', { tasks: ['ladders-scaffolding' as const] }, false, 'cih-scaffolding'],
    ['giving medication', { tasks: ['medication' as const] }, false, 'cih-medication'],
    ['designated substances', { tasks: ['chemicals' as const] }, false, 'cih-substances'],
    ['a regulated trade', { tasks: ['regulated-trade' as const] }, false, 'cih-regulated-trade'],
    ['banking or valuables', { tasks: ['cash' as const] }, false, 'cih-valuables'],
    ['home chores', { kind: 'home-chores' as const }, false, 'cih-home-chores'],
    ['personal recreation', { kind: 'personal-recreation' as const }, false, 'cih-recreation'],
    ['a court-ordered programme', { kind: 'court-ordered' as const }, false, 'cih-court-ordered'],
  ])('%s', (_name, facts, counts, ruleId) => {
    const ruling = ruleOnHours(activity(facts), 16, DEFAULT_BOARD_RULES);
    expect(ruling.counts).toBe(counts);
    if (ruleId) {
      expect(ruling.reasons.map((reason) => reason.ruleId)).toContain(ruleId);
      expect(ruling.reasons[0]?.source).toContain('Policy/Program Memorandum 124');
    }
  });

  it('applies the workplace-age limits: a 14-year-old in a restaurant kitchen is flagged, a 15-year-old is not', () => {
    const kitchen = activity({ workplace: 'restaurant-kitchen' });
    const young = ruleOnHours(kitchen, 14, DEFAULT_BOARD_RULES);
    expect(young.counts).toBe(false);
    expect(young.reasons[0]?.source).toContain('Reg. 851');
    expect(ruleOnHours(kitchen, 15, DEFAULT_BOARD_RULES).counts).toBe(true);
  });

  it('applies a board’s own exclusion of for-profit organisations', () => {
    const board: BoardRules = {
      ...DEFAULT_BOARD_RULES,
      revision: 3,
      additions: {
        ageRules: [],
        exclusions: [
          { id: 'board-for-profit', forProfit: true, text: 'Our board does not count hours at for-profit businesses.', source: { citation: 'Board policy' } },
        ],
      },
    };
    const ruling = ruleOnHours(activity({ forProfit: true }), 16, board);
    expect(ruling.counts).toBe(false);
    expect(ruling.reasons[0]?.source).toBe('Board policy');
    expect(ruling.rules.boardRevision).toBe(3);
    expect(ruleOnHours(activity({ forProfit: true }), 16, DEFAULT_BOARD_RULES).counts).toBe(true);
  });

  it('starts the summer before Grade 9', () => {
    expect(hoursCountFrom(2030, rulePackOf(DEFAULT_BOARD_RULES))).toBe('2026-07-01');
  });

  it('says for a Volunteering posting whether its hours count', () => {
    const ruling = ruleOnPosting(posting({ postingType: 'Volunteering', paid: false, tasks: ['power-tools'] }), DEFAULT_BOARD_RULES, TODAY);
    expect(ruling.communityHours?.counts).toBe(false);
    expect(ruling.communityHours?.reasons[0]?.ruleId).toBe('cih-power-tools');
  });
});

describe('sign-offs (PPM 124)', () => {
  it.each([
    [15, ['parent-notice', 'parent-completion', 'sponsor-completion']],
    [17, ['parent-notice', 'parent-completion', 'sponsor-completion']],
    [null, ['parent-notice', 'parent-completion', 'sponsor-completion']],
    [18, ['sponsor-completion']],
  ])('age %s needs %j', (age, signOffs) => {
    expect(signOffsFor(age, rulePackOf(DEFAULT_BOARD_RULES))).toEqual(signOffs);
  });
});

describe('US federal pack (29 CFR 570)', () => {
  it.each([
    ['3 hours after school on weekdays', { days: ['mon', 'tue'] as const, start: '15:30', end: '18:30', hoursPerWeek: 6 }, '2026-11-30', 14],
    ['4 hours on a school day', { days: ['mon'] as const, start: '15:00', end: '19:00', hoursPerWeek: 4 }, '2026-11-30', 16],
    ['past 7 p.m. in term', { days: ['sat'] as const, start: '16:00', end: '20:00', hoursPerWeek: 4 }, '2026-11-28', 16],
    ['till 9 p.m. in July', { days: ['sat'] as const, start: '16:00', end: '21:00', hoursPerWeek: 5 }, '2027-07-10', 14],
    ['20 hours in a school week', { days: ['sat', 'sun'] as const, start: '08:00', end: '16:00', hoursPerWeek: 20 }, '2026-11-28', 16],
    ['before 7 a.m.', { days: ['sat'] as const, start: '06:00', end: '10:00', hoursPerWeek: 4 }, '2027-07-10', 16],
  ])('%s: from age %i (29 CFR 570.35)', (_name, window, startDate, age) => {
    const ruling = ruleOnPosting(posting({ schedule: window, startDate: startDate as DateString }), US, TODAY);
    expect(ruling.minimumAge).toBe(age);
    if (age === 16) expect(ruling.ageReasons.map((reason) => reason.source).join()).toContain('29 CFR 570.35');
  });

  it.each([
    ['driving', { tasks: ['vehicles' as const] }, 18, '570 Subpart E'],
    ['power-driven machines', { tasks: ['power-tools' as const] }, 18, '570 Subpart E'],
    ['a factory', { workplace: 'factory' as const }, 16, '570.33'],
    ['an office', { workplace: 'office' as const }, 14, null],
  ])('%s: from age %i', (_name, facts, age, source) => {
    const ruling = ruleOnPosting(posting(facts), US, TODAY);
    expect(ruling.minimumAge).toBe(age);
    if (source) expect(ruling.ageReasons[0]?.source).toContain(source);
  });

  it('uses the federal minimum wage as the floor', () => {
    expect(ruleOnPosting(posting({ payRate: 7 }), US, TODAY).refusals[0]?.source).toContain('29 U.S.C. 206');
  });
});

describe('a student and a posting', () => {
  const factory = ruleOnPosting(posting({ workplace: 'factory' }), DEFAULT_BOARD_RULES, TODAY);

  it('a 14-year-old may not take a factory posting, and reads from which age and why', () => {
    const ruling = ruleForStudent(factory, 14, DEFAULT_BOARD_RULES);
    expect(ruling.mayTake).toBe(false);
    expect(notOpenYetMessage(ruling)).toMatch(/^This opportunity is open from age 15\. Factories, .* \(R\.R\.O\. 1990, Reg\. 851/);
  });

  it('a 15-year-old may', () => {
    expect(ruleForStudent(factory, 15, DEFAULT_BOARD_RULES).mayTake).toBe(true);
  });

  it('a student who has not given a birth month is weighed at the youngest age, and told how to change that', () => {
    const ruling = ruleForStudent(factory, null, DEFAULT_BOARD_RULES);
    expect(ruling.mayTake).toBe(false);
    expect(notOpenYetMessage(ruling)).toContain('Add your birth month');
  });
});

describe('ages from a birth month', () => {
  it.each([
    ['2012-03', '2026-03-30', 13],
    ['2012-03', '2026-03-31', 14],
    ['2012-02', '2028-02-29', 16],
    ['2011-12', '2026-11-28', 14],
  ])('born %s is %i on %s… (birthday taken as the month’s last day)', (birthMonth, date, age) => {
    expect(ageOn(birthMonth, date as DateString)).toBe(age);
  });

  it.each([
    ['2012-03', true],
    ['2012-13', false],
    ['1990-01', false],
    ['2020-01', false],
    ['2012-3', false],
  ])('%s is plausible: %s', (value, plausible) => {
    expect(isPlausibleBirthMonth(value, TODAY)).toBe(plausible);
  });
});
