import {
  ruleColumnsOf,
  validatePosting,
  type BoardRules,
  type DateString,
  type PostingDateField,
  type PostingInput,
  type PostingRuleColumns,
  type Role,
  type ValidPosting,
} from '@opportunity-kit/sdk/domain';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { RequestBody } from '../platform/request-body.ts';

/** The posting form's fields, as `POST /jobs` and `PUT /jobs/{id}` are sent them. */
export function readPostingInput(body: RequestBody): PostingInput {
  return {
    postingType: body.text('postingType') ?? '',
    title: body.text('title') ?? '',
    company: body.text('company') ?? '',
    description: body.text('description') ?? '',
    cluster: body.text('cluster') ?? null,
    location: body.text('location') ?? '',
    address: body.text('address') ?? null,
    streetAddress: body.text('streetAddress') ?? null,
    postalCode: body.text('postalCode') ?? null,
    addressRegion: body.text('addressRegion') ?? null,
    addressCountry: body.text('addressCountry') ?? null,
    employmentType: body.text('employmentType') ?? null,
    contactEmail: body.text('contactEmail') ?? null,
    companyWebsite: body.text('companyWebsite') ?? null,
    hourlyRate: body.text('hourlyRate') ?? null,
    startDate: body.text('startDate') ?? null,
    endDate: body.text('endDate') ?? null,
    applicationDeadline: body.text('applicationDeadline') ?? null,
    visible: body.boolean('visible') ?? true,
    workplace: body.text('workplace') ?? null,
    tasks: body.textList('tasks') ?? null,
    scheduleDays: body.textList('scheduleDays') ?? null,
    scheduleStart: body.text('scheduleStart') ?? null,
    scheduleEnd: body.text('scheduleEnd') ?? null,
    hoursPerWeek: body.number('hoursPerWeek') ?? null,
    paid: body.boolean('paid') ?? null,
    payRate: body.number('payRate') ?? null,
    payUnit: body.text('payUnit') ?? null,
    forProfit: body.boolean('forProfit') ?? null,
    declaredMinimumAge: body.number('declaredMinimumAge') ?? null,
  };
}

/** A posting's columns once checked: its fields, and its youth-work rule details as the `jobs` row keeps them. */
export type CheckedPosting = Omit<ValidPosting, 'ruleDetails'> & PostingRuleColumns;

/**
 * The posting as `validatePosting` accepts it under the board's youth-work rules (pay under the floor,
 * an age younger than the law allows: refused with the rule), or the refusal: who may post, and who may
 * post privately, are permissions rather than input mistakes.
 */
export function checkedPosting(
  input: PostingInput,
  context: { role: Role | undefined; today: DateString; rules: BoardRules; savedDates?: Partial<Record<PostingDateField, string | null>> },
): CheckedPosting {
  const result = validatePosting(input, context);
  if (result.ok) {
    const { ruleDetails, ...posting } = result.value;
    return { ...posting, ...ruleColumnsOf(ruleDetails) };
  }
  const denied = result.errors.form ?? result.errors.visible;
  if (denied) throw notAllowed(denied);
  throw invalidInput(result.errors);
}
