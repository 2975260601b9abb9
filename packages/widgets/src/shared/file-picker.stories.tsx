import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FilePicker } from './file-picker.tsx';
import { FormField } from './form-field.tsx';

/** A resume field as a form would build it: `FormField` names the picker, which says which file is chosen. */
function ResumeField({ refused = false }: { refused?: boolean }) {
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <FormField label="Resume (PDF)" error={refused ? 'Please upload only PDF files' : null} hint="One PDF, up to 5 MB">
      {(control) => (
        <FilePicker
          {...control}
          buttonLabel="Choose a PDF"
          accept="application/pdf,.pdf"
          fileName={fileName}
          onPick={([file]) => setFileName(file?.name ?? null)}
        />
      )}
    </FormField>
  );
}

const meta = {
  title: 'Shared/FilePicker',
  component: ResumeField,
  decorators: [
    // A host's text colour and font, which a widget's block would give the field.
    (Story) => (
      <div style={{ color: 'var(--ok-color-text)', fontFamily: 'var(--ok-font-family)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ResumeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A button-like picker: keyboard focus shows its ring on the button, and a pick shows the file's name. */
export const Resume: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Resume (PDF)');
    await expect(canvas.getByText('No file chosen')).toBeVisible();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(getComputedStyle(canvas.getByText('Choose a PDF')).outlineStyle).toBe('solid');
    await userEvent.upload(input, new File(['%PDF-1.7'], 'maya-resume.pdf', { type: 'application/pdf' }));
    await expect(canvas.getByText('maya-resume.pdf')).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/Selected: maya-resume\.pdf/);
  },
};

export const Refused: Story = {
  args: { refused: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Resume (PDF)')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Dark: Story = { ...Resume, globals: { theme: 'dark' } };

export const RefusedDark: Story = { ...Refused, globals: { theme: 'dark' } };
