import { validatePosting, type PostingInput, type Role, type ValidPosting, type DateString, type PostingDateField } from '@opportunity-kit/sdk/domain';
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
    contactEmail: body.text('contactEmail') ?? null,
    companyWebsite: body.text('companyWebsite') ?? null,
    hourlyRate: body.text('hourlyRate') ?? null,
    startDate: body.text('startDate') ?? null,
    endDate: body.text('endDate') ?? null,
    applicationDeadline: body.text('applicationDeadline') ?? null,
    visible: body.boolean('visible') ?? true,
  };
}

/**
 * The posting as `validatePosting` accepts it, or the refusal: who may post, and who may post
 * privately, are permissions rather than input mistakes.
 */
export function checkedPosting(
  input: PostingInput,
  context: { role: Role | undefined; today: DateString; savedDates?: Partial<Record<PostingDateField, string | null>> },
): ValidPosting {
  const result = validatePosting(input, context);
  if (result.ok) return result.value;
  const denied = result.errors.form ?? result.errors.visible;
  if (denied) throw notAllowed(denied);
  throw invalidInput(result.errors);
}
