// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/testing/render';
import { EMPTY_PROJECT_FORM, type ProjectFormValues } from '../custom-project-form';
import { QuantityAndDateFields } from './custom-project-step-fields';

const Fields = ({
  values = EMPTY_PROJECT_FORM,
  passedDate = null,
}: {
  values?: ProjectFormValues;
  passedDate?: string | null;
}) => {
  const form = useForm<ProjectFormValues>({ defaultValues: values });
  return <QuantityAndDateFields form={form} passedDate={passedDate} />;
};

const dateField = () => screen.getByLabelText<HTMLInputElement>(/Completion date/);

describe('QuantityAndDateFields completion date (issue 10)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts empty and offers the day after today first, as its message asks', () => {
    render(<Fields />);
    expect(dateField().value).toBe('');
    expect(dateField().min).toBe('2026-03-11');
    expect(screen.getByText('Choose a day after today: Mar 11, 2026 or later.')).toBeTruthy();
  });

  it('says why it is empty when the draft had a date that has passed', () => {
    render(<Fields passedDate="2020-01-01" />);
    expect(dateField().value).toBe('');
    expect(
      screen.getByText(
        'Your earlier date, Jan 1, 2020, has passed. Choose a day after today: Mar 11, 2026 or later.',
      ),
    ).toBeTruthy();
  });
});
