import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { DEFAULT_BOARD_RULES, type BoardRules, type Job, type PostingInput, type Role } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createPostOpportunityFormController, toPostingInput } from './post-opportunity-form-controller.ts';
import { createPostOpportunityFormModel, EMPTY_POSTING, postingFormValues, type PostingFormValues } from './post-opportunity-form-model.ts';

const filled: PostingFormValues = {
  ...EMPTY_POSTING,
  title: 'Barista',
  company: 'Bean There Cafe',
  description: 'Weekend mornings.',
  cluster: 'Business',
  location: 'Oakville',
  companyWebsite: 'https://beanthere.example',
  hourlyRate: '17.50/h',
  startDate: '2026-12-01',
  endDate: '2027-03-01',
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function form(role: Role | undefined = 'recruiter', values: PostingFormValues = filled, rules?: BoardRules) {
  const api = fakeJobs([], { id: 'poster1', role });
  const onCreated = vi.fn();
  const controller = createPostOpportunityFormController({ mode: 'create', jobs: api }, createPostOpportunityFormModel(values), {
    role: () => role,
    today: () => '2026-11-21',
    rules: () => rules,
    onSaved: onCreated,
  });
  const stop = controller.start();
  return { api, controller, actions: controller.actions, state: () => controller.state.value, onCreated, stop };
}

const image = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('post opportunity controller', () => {
  it('sends only what the chosen type shows: salary for Job, no website for Gig, Private for teachers', () => {
    expect(toPostingInput({ ...filled, postingType: 'Gig', visible: false }, 'recruiter')).toMatchObject({
      hourlyRate: null,
      companyWebsite: null,
      visible: true,
    });
    expect(toPostingInput({ ...filled, postingType: 'Volunteering' }, 'teacher')).toMatchObject({
      hourlyRate: null,
      companyWebsite: 'https://beanthere.example',
    });
    expect(toPostingInput({ ...filled, visible: false, streetAddress: '  ' }, 'teacher')).toMatchObject({
      hourlyRate: '17.50/h',
      visible: false,
      streetAddress: null,
      address: null,
    });
  });

  it('sends the address in parts, the employment type for Job only, and the pay as a number with its unit', () => {
    const values = {
      ...filled,
      streetAddress: '12 Lakeshore Rd',
      postalCode: 'l6j 1h8',
      employmentType: 'PART_TIME',
      rules: { ...filled.rules, payRate: '150', payUnit: 'day' },
    };
    expect(toPostingInput(values, 'recruiter')).toMatchObject({
      streetAddress: '12 Lakeshore Rd',
      postalCode: 'l6j 1h8',
      employmentType: 'PART_TIME',
      payRate: 150,
      payUnit: 'day',
    });
    expect(toPostingInput({ ...values, postingType: 'Gig' }, 'recruiter')).toMatchObject({ employmentType: null, payRate: 150, payUnit: 'day' });
    expect(toPostingInput({ ...values, rules: { ...values.rules, payRate: '' } }, 'recruiter')).toMatchObject({ payRate: null, payUnit: null });
  });

  it('edits a posting from before the address in parts with its street alone', () => {
    const legacy = aJob({ address: '50 Main St N, Brampton, ON', location: 'Brampton' });
    expect(postingFormValues(legacy)).toMatchObject({ streetAddress: '50 Main St N', postalCode: '' });
    expect(toPostingInput(postingFormValues(legacy), 'recruiter')).toMatchObject({ address: null, streetAddress: '50 Main St N' });
  });

  it("refuses a street that repeats the city, and a postal code that is not Canada's", async () => {
    const { actions, state, api } = form('recruiter', { ...filled, streetAddress: '12 Lakeshore Rd, Oakville, ON', postalCode: '12345' });
    actions.submit();
    await settle();
    expect(state().errors).toMatchObject({
      streetAddress: 'Please enter the street and number only: the location names the city',
      postalCode: 'Please enter a postal code such as L9T 2X5',
    });
    expect(api.calls).toEqual([]);
  });

  it('refuses the form with a message per field before anything is sent; cluster is required only for Job', async () => {
    const { api, actions, state, onCreated } = form('recruiter', { ...EMPTY_POSTING, endDate: '2026-11-01' });
    actions.submit();
    await settle();
    expect(onCreated).not.toHaveBeenCalled();
    expect(state().errors).toMatchObject({
      title: 'Please enter a title',
      company: 'Please enter the company or organization',
      description: 'Please enter a description',
      location: 'Please choose a location',
      cluster: 'Please choose a cluster',
      endDate: 'The date cannot be in the past',
    });
    expect(state().refusals).toBe(1);
    expect(api.calls).toEqual([]);
    actions.setValue('postingType', 'Gig');
    actions.setValue('title', 'Dog walker');
    expect(state().errors.title).toBeUndefined();
    actions.submit();
    await settle();
    expect(state().errors.cluster).toBeUndefined();
    expect(state().refusals).toBe(2);
  });

  it("checks the pay with the board's rules before sending: $10 an hour is under Ontario's floor, not under the US federal one", async () => {
    const tenDollars = { ...filled, rules: { ...filled.rules, payRate: '10' } };
    const ontario = form('recruiter', tenDollars);
    ontario.actions.submit();
    await settle();
    expect(ontario.state().errors.payRate).toContain('Employment Standards Act');
    expect(ontario.api.calls).toHaveLength(0);
    const us = form('recruiter', tenDollars, { ...DEFAULT_BOARD_RULES, packId: 'us-federal' });
    us.actions.submit();
    await settle();
    expect(us.state().errors.payRate).toBeUndefined();
    expect(us.api.calls.length).toBeGreaterThan(0);
  });

  it('says why a student cannot post', async () => {
    const { actions, state } = form('student');
    actions.submit();
    await settle();
    expect(state().errors.form).toBe('Students cannot post opportunities.');
  });

  it('refuses a file that is not an image at once, and accepts an image', () => {
    const { actions, state } = form();
    actions.setImage(image('notes.pdf', 'application/pdf'));
    expect(state().imageName).toBeNull();
    expect(state().errors.image).toBe('Please upload an image file (PNG, JPG, GIF or WebP)');
    actions.setImage(image('shop.png', 'image/png'));
    expect(state().imageName).toBe('shop.png');
    expect(state().errors.image).toBeUndefined();
  });

  it('uploads the image with progress, then saves, and answers the created posting', async () => {
    const { api, actions, state, onCreated } = form();
    actions.setImage(image('shop.png', 'image/png'));
    const seen: string[] = [];
    const hold = api.hold('create');
    actions.submit();
    seen.push(JSON.stringify(state().submission));
    hold.release();
    await settle();
    expect(seen).toEqual([JSON.stringify({ status: 'saving' })]);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Barista', imageFileId: expect.any(String), creatorId: 'poster1' }));
    expect(api.calls[0]?.args[0]).toMatchObject({ title: 'Barista', image: expect.any(File), visible: true });
    expect(state().submission).toEqual({ status: 'idle' });
  });

  it('shows the upload percentage while the SDK reports it', async () => {
    const reports: unknown[] = [];
    const onCreated = vi.fn();
    const controller = createPostOpportunityFormController(
      {
        mode: 'create',
        jobs: {
          async create(_input, options) {
            reports.push(controller.state.value.submission);
            options?.onProgress?.({ percent: 40, uploadedBytes: 400, totalBytes: 1000 });
            reports.push(controller.state.value.submission);
            options?.onProgress?.({ percent: 100, uploadedBytes: 1000, totalBytes: 1000 });
            reports.push(controller.state.value.submission);
            throw new PortalError('internal');
          },
        },
      },
      createPostOpportunityFormModel(filled),
      { role: () => 'recruiter', today: () => '2026-11-21', onSaved: onCreated },
    );
    controller.start();
    controller.actions.setImage(image('shop.png', 'image/png'));
    controller.actions.submit();
    await settle();
    expect(onCreated).not.toHaveBeenCalled();
    expect(reports).toEqual([{ status: 'uploading', percent: null }, { status: 'uploading', percent: 40 }, { status: 'saving' }]);
    expect(controller.state.value.submission).toEqual({ status: 'failed', message: 'An error occurred' });
  });

  it('shows a refusal from the server on its fields, never as a success', async () => {
    const { api, actions, state, onCreated } = form();
    api.fail(
      'create',
      new PortalError('invalid-input', 'Please choose one of the listed locations', { fields: { location: 'Please choose one of the listed locations' } }),
    );
    actions.submit();
    await settle();
    expect(onCreated).not.toHaveBeenCalled();
    expect(state().submission).toEqual({ status: 'failed', message: 'Please choose one of the listed locations' });
    expect(state().errors).toEqual({ location: 'Please choose one of the listed locations' });
    expect(state().refusals).toBe(1);
  });

  it('drops the answer of a posting still on its way when it stops, and tells no one', async () => {
    const { api, actions, state, onCreated, stop } = form();
    const hold = api.hold('create');
    actions.submit();
    stop();
    hold.release();
    await settle();
    expect(state().submission).toEqual({ status: 'saving' });
    expect(onCreated).not.toHaveBeenCalled();
  });
  it('in edit mode saves the changes to the posting through `edit`, keeping a saved date that has passed since', async () => {
    const saved: Array<[string, PostingInput]> = [];
    const onSaved = vi.fn();
    const edit = async (id: string, input: PostingInput): Promise<Job> => {
      saved.push([id, input]);
      return aJob({ id, title: input.title });
    };
    const model = createPostOpportunityFormModel({ ...filled, startDate: '2026-10-01', endDate: '2027-03-01' });
    const controller = createPostOpportunityFormController({ mode: 'edit', jobId: 'j1', jobs: { edit } }, model, {
      role: () => 'recruiter',
      today: () => '2026-11-21',
      onSaved,
    });
    controller.start();
    expect(controller.state.value.mode).toBe('edit');
    controller.actions.setValue('title', 'Head barista');
    controller.actions.submit();
    await settle();
    expect(controller.state.value.errors).toEqual({});
    expect(saved).toEqual([['j1', expect.objectContaining({ title: 'Head barista', startDate: '2026-10-01' })]]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'j1', title: 'Head barista' }));
    // A new date in the past is still refused.
    controller.actions.setValue('endDate', '2026-11-01');
    controller.actions.submit();
    await settle();
    expect(controller.state.value.errors.endDate).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
