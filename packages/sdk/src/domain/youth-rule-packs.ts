import type { DateString } from './dates.ts';
import type { RulePack, RulePackId, RuleSource } from './youth-rules.ts';

/**
 * The rule packs, as data (issue 26): each rule cites where it comes from, and a change of the law is a
 * change of one line here (a new wage rate is a new entry with its start date) and of the pack's
 * version, which every decision shows beside it.
 */

const INDUSTRIAL_ESTABLISHMENTS: RuleSource = {
  citation: 'R.R.O. 1990, Reg. 851 (Industrial Establishments), s. 4',
  url: 'https://www.ontario.ca/laws/regulation/900851',
};
const CONSTRUCTION_PROJECTS: RuleSource = { citation: 'O. Reg. 213/91 (Construction Projects)', url: 'https://www.ontario.ca/laws/regulation/910213' };
const MINES: RuleSource = { citation: 'R.R.O. 1990, Reg. 854 (Mines and Mining Plants), s. 8', url: 'https://www.ontario.ca/laws/regulation/900854' };
const WINDOW_CLEANING: RuleSource = { citation: 'R.R.O. 1990, Reg. 859 (Window Cleaning)', url: 'https://www.ontario.ca/laws/regulation/900859' };
const EDUCATION_ACT: RuleSource = { citation: 'Education Act, R.S.O. 1990, c. E.2, s. 30', url: 'https://www.ontario.ca/laws/statute/90e02' };
const EMPLOYMENT_STANDARDS: RuleSource = {
  citation: 'Employment Standards Act, 2000, s. 23.1; O. Reg. 285/01, s. 5',
  url: 'https://www.ontario.ca/document/your-guide-employment-standards-act-0/minimum-wage',
};
const PPM_124: RuleSource = {
  citation: 'Policy/Program Memorandum 124 (2023), Community Involvement',
  url: 'https://www.ontario.ca/document/education-ontario-policy-and-program-direction/policyprogram-memorandum-124',
};
const FLSA_HOURS: RuleSource = {
  citation: '29 CFR 570.35 (hours of work, ages 14 and 15)',
  url: 'https://www.ecfr.gov/current/title-29/part-570/section-570.35',
};
const FLSA_OCCUPATIONS_14_15: RuleSource = {
  citation: '29 CFR 570.33 (occupations barred to ages 14 and 15)',
  url: 'https://www.ecfr.gov/current/title-29/part-570/section-570.33',
};
const FLSA_HAZARDOUS: RuleSource = {
  citation: '29 CFR 570 Subpart E (Hazardous Occupations Orders, under 18)',
  url: 'https://www.ecfr.gov/current/title-29/part-570/subpart-E',
};
const FLSA_MINIMUM_WAGE: RuleSource = { citation: '29 U.S.C. 206 (federal minimum wage)', url: 'https://www.dol.gov/agencies/whd/minimum-wage' };

const ONTARIO: RulePack = {
  id: 'ontario',
  name: 'Ontario',
  version: '2025-10-01',
  currency: 'CAD',
  baseAge: 14,
  ageRules: [
    {
      id: 'on-workplace-14',
      minimumAge: 14,
      workplaces: ['office', 'store', 'arena', 'restaurant-serving'],
      text: 'Offices, stores, arenas and restaurant serving areas employ students from age 14.',
      source: INDUSTRIAL_ESTABLISHMENTS,
    },
    {
      id: 'on-workplace-15',
      minimumAge: 15,
      workplaces: ['factory', 'restaurant-kitchen', 'repair-shop', 'garage', 'warehouse'],
      text: 'Factories, including restaurant kitchens, repair shops, garages and warehouses, employ students from age 15.',
      source: INDUSTRIAL_ESTABLISHMENTS,
    },
    {
      id: 'on-construction-16',
      minimumAge: 16,
      workplaces: ['construction'],
      text: 'Nobody under 16 may work on a construction project.',
      source: CONSTRUCTION_PROJECTS,
    },
    { id: 'on-logging-16', minimumAge: 16, workplaces: ['logging'], text: 'Logging operations employ workers from age 16.', source: INDUSTRIAL_ESTABLISHMENTS },
    {
      id: 'on-surface-mine-16',
      minimumAge: 16,
      workplaces: ['surface-mine'],
      text: 'Surface mines and mining plants, away from the working face, employ workers from age 16.',
      source: MINES,
    },
    {
      id: 'on-mine-18',
      minimumAge: 18,
      workplaces: ['underground-mine', 'surface-mine-face'],
      text: 'Underground mines and the working face of a surface mine employ workers from age 18.',
      source: MINES,
    },
    {
      id: 'on-window-cleaning-18',
      minimumAge: 18,
      workplaces: ['window-cleaning'],
      text: 'Window cleaning employs workers from age 18.',
      source: WINDOW_CLEANING,
    },
  ],
  schoolHours: {
    id: 'on-school-hours',
    minimumAge: 16,
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    start: '08:30',
    end: '15:30',
    summerFrom: '07-01',
    summerTo: '08-31',
    text: 'Nobody under 16 may be employed during school hours.',
    source: EDUCATION_ACT,
  },
  minorHours: null,
  wages: [
    {
      from: '2024-10-01' as DateString,
      general: 17.2,
      student: { rate: 16.2, belowAge: 18, maxWeeklyHoursInSession: 28 },
      source: EMPLOYMENT_STANDARDS,
    },
    {
      from: '2025-10-01' as DateString,
      general: 17.6,
      student: { rate: 16.6, belowAge: 18, maxWeeklyHoursInSession: 28 },
      source: EMPLOYMENT_STANDARDS,
    },
  ],
  communityHours: {
    required: 40,
    startsMonthDay: '07-01',
    workplaceAgesApply: true,
    source: PPM_124,
    exclusions: [
      { id: 'cih-course', kind: 'course-part', text: 'Activities that are part of a course (co-op, job shadowing) do not count.', source: PPM_124 },
      {
        id: 'cih-instructional-time',
        kind: 'instructional-time',
        text: 'Activities during instructional time do not count (lunch and spares do).',
        source: PPM_124,
      },
      { id: 'cih-paid', paid: true, text: 'Work that would normally be paid does not count.', source: PPM_124 },
      { id: 'cih-home-chores', kind: 'home-chores', text: 'Chores at home do not count.', source: PPM_124 },
      { id: 'cih-recreation', kind: 'personal-recreation', text: 'Personal recreation does not count.', source: PPM_124 },
      { id: 'cih-court-ordered', kind: 'court-ordered', text: 'A court-ordered programme does not count.', source: PPM_124 },
      { id: 'cih-vehicles', task: 'vehicles', text: 'Operating a vehicle does not count.', source: PPM_124 },
      { id: 'cih-power-tools', task: 'power-tools', text: 'Operating power tools does not count.', source: PPM_124 },
      { id: 'cih-scaffolding', task: 'ladders-scaffolding', text: 'Working on scaffolding does not count.', source: PPM_124 },
      { id: 'cih-medication', task: 'medication', text: 'Giving medication or medical procedures does not count.', source: PPM_124 },
      { id: 'cih-substances', task: 'chemicals', text: 'Handling designated substances does not count.', source: PPM_124 },
      { id: 'cih-regulated-trade', task: 'regulated-trade', text: 'Work of a regulated trade does not count.', source: PPM_124 },
      { id: 'cih-valuables', task: 'cash', text: 'Banking or handling valuables does not count.', source: PPM_124 },
    ],
  },
  signOffs: { parentBelowAge: 18, source: PPM_124 },
};

const US_FEDERAL: RulePack = {
  id: 'us-federal',
  name: 'United States (federal)',
  version: '2024-01-01',
  currency: 'USD',
  baseAge: 14,
  ageRules: [
    {
      id: 'us-occupations-16',
      minimumAge: 16,
      workplaces: ['factory', 'warehouse', 'construction', 'logging', 'surface-mine', 'repair-shop', 'garage', 'window-cleaning'],
      tasks: ['ladders-scaffolding', 'cooking'],
      text: 'Manufacturing, mining, construction, warehouse work, work on ladders or scaffolds and most cooking are barred to 14- and 15-year-olds.',
      source: FLSA_OCCUPATIONS_14_15,
    },
    {
      id: 'us-hazardous-18',
      minimumAge: 18,
      workplaces: ['underground-mine', 'surface-mine-face', 'logging'],
      tasks: ['power-tools', 'vehicles', 'roofing'],
      text: 'Mining, logging, driving, roofing and power-driven machines are hazardous occupations barred to anyone under 18.',
      source: FLSA_HAZARDOUS,
    },
  ],
  schoolHours: {
    id: 'us-school-hours',
    minimumAge: 16,
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    start: '08:00',
    end: '15:00',
    summerFrom: '06-01',
    summerTo: 'labor-day',
    text: '14- and 15-year-olds may work only outside school hours.',
    source: FLSA_HOURS,
  },
  minorHours: {
    id: 'us-hours-14-15',
    belowAge: 16,
    maxSchoolDayHours: 3,
    maxSchoolWeekHours: 18,
    maxNonSchoolDayHours: 8,
    maxNonSchoolWeekHours: 40,
    earliest: '07:00',
    latest: '19:00',
    summerLatest: '21:00',
    summerFrom: '06-01',
    summerTo: 'labor-day',
    text: '14- and 15-year-olds may work at most 3 hours on a school day, 18 hours in a school week, 8 hours on a non-school day and 40 hours in a non-school week, between 7 a.m. and 7 p.m. (9 p.m. from June 1 to Labor Day).',
    source: FLSA_HOURS,
  },
  wages: [{ from: '2009-07-24' as DateString, general: 7.25, source: FLSA_MINIMUM_WAGE }],
  communityHours: null,
  signOffs: { parentBelowAge: 18, source: FLSA_HOURS },
};

/** Every pack, by id. @public */
export const RULE_PACKS: Readonly<Record<RulePackId, RulePack>> = { ontario: ONTARIO, 'us-federal': US_FEDERAL };
