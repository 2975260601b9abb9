import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import type { Role } from '@opportunity-kit/sdk/domain';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createPostOpportunityFormController, toPostingInput } from './post-opportunity-form-controller.ts';
import { createPostOpportunityFormModel, EMPTY_POSTING, type PostingFormValues } from './post-opportunity-form-model.ts';

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

function form(role: Role | undefined = 'recruiter', values: PostingFormValues = filled) {
  const api = fakeJobs([], { id: 'poster1', role });
  const model = createPostOpportunityFormModel(values);
  const controller = createPostOpportunityFormController(api, model, { role: () => role, today: () => '2026-11-21' });
  return { api, model, controller };
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
    expect(toPostingInput({ ...filled, visible: false, address: '  ' }, 'teacher')).toMatchObject({ hourlyRate: '17.50/h', visible: false, address: null });
  });

  it('refuses the form with a message per field before anything is sent; cluster is required only for Job', async () => {
    const { api, model, controller } = form('recruiter', { ...EMPTY_POSTING, endDate: '2026-11-01' });
    expect(await controller.submit()).toBeNull();
    expect(model.errors.value).toMatchObject({
      title: 'Please enter a title',
      company: 'Please enter the company or organization',
      description: 'Please enter a description',
      location: 'Please choose a location',
      cluster: 'Please choose a cluster',
      endDate: 'The date cannot be in the past',
    });
    expect(model.refusals.value).toBe(1);
    expect(api.calls).toEqual([]);
    controller.setValue('postingType', 'Gig');
    controller.setValue('title', 'Dog walker');
    expect(model.errors.value.title).toBeUndefined();
    await controller.submit();
    expect(model.errors.value.cluster).toBeUndefined();
    expect(model.refusals.value).toBe(2);
  });

  it('says why a student cannot post', async () => {
    const { model, controller } = form('student');
    await controller.submit();
    expect(model.errors.value.form).toBe('Students cannot post opportunities.');
  });

  it('refuses a file that is not an image at once, and accepts an image', () => {
    const { model, controller } = form();
    controller.setImage(image('notes.pdf', 'application/pdf'));
    expect(model.image.value).toBeNull();
    expect(model.errors.value.image).toBe('Please upload an image file (PNG, JPG, GIF or WebP)');
    controller.setImage(image('shop.png', 'image/png'));
    expect(model.image.value?.name).toBe('shop.png');
    expect(model.errors.value.image).toBeUndefined();
  });

  it('uploads the image with progress, then saves, and answers the created posting', async () => {
    const { api, model, controller } = form();
    controller.setImage(image('shop.png', 'image/png'));
    const seen: string[] = [];
    const hold = api.hold('create');
    const created = controller.submit();
    seen.push(JSON.stringify(model.submission.value));
    hold.release();
    const job = await created;
    expect(seen).toEqual([JSON.stringify({ status: 'saving' })]);
    expect(job).toMatchObject({ title: 'Barista', imageFileId: expect.any(String), creatorId: 'poster1' });
    expect(api.calls[0]?.args[0]).toMatchObject({ title: 'Barista', image: expect.any(File), visible: true });
    expect(model.submission.value).toEqual({ status: 'idle' });
  });

  it('shows the upload percentage while the SDK reports it', async () => {
    const reports: unknown[] = [];
    const model = createPostOpportunityFormModel(filled);
    const controller = createPostOpportunityFormController(
      {
        async create(input, options) {
          reports.push(model.submission.value);
          options?.onProgress?.({ percent: 40, uploadedBytes: 400, totalBytes: 1000 });
          reports.push(model.submission.value);
          options?.onProgress?.({ percent: 100, uploadedBytes: 1000, totalBytes: 1000 });
          reports.push(model.submission.value);
          throw new PortalError('internal');
        },
      },
      model,
      { role: () => 'recruiter', today: () => '2026-11-21' },
    );
    controller.setImage(image('shop.png', 'image/png'));
    expect(await controller.submit()).toBeNull();
    expect(reports).toEqual([{ status: 'uploading', percent: null }, { status: 'uploading', percent: 40 }, { status: 'saving' }]);
    expect(model.submission.value).toEqual({ status: 'failed', message: 'An error occurred' });
  });

  it('shows a refusal from the server on its fields, never as a success', async () => {
    const { api, model, controller } = form();
    api.fail(
      'create',
      new PortalError('invalid-input', 'Please choose one of the listed locations', { fields: { location: 'Please choose one of the listed locations' } }),
    );
    expect(await controller.submit()).toBeNull();
    expect(model.submission.value).toEqual({ status: 'failed', message: 'Please choose one of the listed locations' });
    expect(model.errors.value).toEqual({ location: 'Please choose one of the listed locations' });
    expect(model.refusals.value).toBe(1);
  });
});
