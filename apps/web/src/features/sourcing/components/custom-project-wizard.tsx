import { Alert, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CUSTOM_PROJECT_STEPS,
  type CustomProject,
} from '@atelier/contract/sourcing/custom-project';
import { listFieldErrors } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import { useSaveCustomProject } from '../api/custom-project-queries';
import {
  type CustomProjectStep,
  hasCompletionDatePassed,
  type ProjectField,
  type ProjectFormValues,
  STEP_LABELS,
  stepIndex,
  startValuesOf,
  toSaveInput,
  todayUtc,
  validateAll,
  validateStep,
} from '../custom-project-form';
import {
  BasicsFields,
  DetailsFields,
  QuantityAndDateFields,
  type SupplierPickerProps,
} from './custom-project-step-fields';
import { CustomProjectSummary } from './custom-project-summary';

type CustomProjectWizardProps = {
  /** The saved draft to continue, or null for a new request. */
  project: CustomProject | null;
  /** Supplier to address a new request to (`?supplierId=`). */
  initialSupplierId?: string | null;
  /** The supplier field, composed by the page (suppliers belong to the catalog). */
  renderSupplierPicker: (props: SupplierPickerProps) => ReactNode;
  /** The draft was created: the page moves to its own address so a reload resumes it. */
  onCreated: (project: CustomProject) => void;
  onSubmitted: (project: CustomProject) => void;
};

const ALL_FIELDS: ProjectField[] = [
  'title',
  'material',
  'printDetail',
  'quantity',
  'completionDate',
  'companyId',
];

/**
 * Spec §3 custom project request (RFP) as steps. The draft is created on the first "Next" and
 * saved (with its step) on every step change, so a reload resumes where the user was.
 */
export const CustomProjectWizard = ({
  project,
  initialSupplierId = null,
  renderSupplierPicker,
  onCreated,
  onSubmitted,
}: CustomProjectWizardProps) => {
  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [saved, setSaved] = useState<CustomProject | null>(project);
  const [active, setActive] = useState<CustomProjectStep>(project?.step ?? 'BASICS');
  const [formError, setFormError] = useState<string | null>(null);
  const [reviewErrors, setReviewErrors] = useState<Partial<Record<ProjectField, string>>>({});
  const save = useSaveCustomProject();
  const form = useForm<ProjectFormValues>({
    defaultValues: startValuesOf(project, initialSupplierId),
  });
  const values = useWatch({ control: form.control }) as ProjectFormValues;

  const showErrors = (fieldErrors: Partial<Record<ProjectField, string>>) => {
    let isFirst = true;
    for (const [field, message] of Object.entries(fieldErrors)) {
      form.setError(
        field as ProjectField,
        { type: 'validation', message },
        { shouldFocus: isFirst },
      );
      isFirst = false;
    }
  };

  /** Saves the draft with `target` as its step, then shows that step. */
  const goTo = async (target: CustomProjectStep, options: { validate: boolean }) => {
    setFormError(null);
    const current = form.getValues();
    if (options.validate) {
      const stepErrors = validateStep(current, active);
      if (Object.keys(stepErrors).length > 0) return showErrors(stepErrors);
    }
    form.clearErrors();
    try {
      const next = await save.mutateAsync({
        id: saved?.id ?? null,
        body: toSaveInput(current, target),
      });
      setSaved(next);
      setActive(target);
      setReviewErrors({});
      if (!saved) onCreated(next);
    } catch (error) {
      setFormError(applyServerErrors(error, ALL_FIELDS, form.setError));
    }
  };

  const submit = async () => {
    setFormError(null);
    const current = form.getValues();
    const allErrors = validateAll(current, todayUtc());
    if (Object.keys(allErrors).length > 0) {
      setReviewErrors(allErrors);
      return;
    }
    try {
      const submitted = await save.mutateAsync({
        id: saved?.id ?? null,
        body: toSaveInput(current, 'REVIEW', 'SUBMITTED'),
      });
      showSuccessToast('Custom project request submitted.');
      onSubmitted(submitted);
    } catch (error) {
      // Field errors of the server (`details`) show on their rows, with a way to that step.
      const fieldErrors = listFieldErrors(error);
      setReviewErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).filter(([field]) =>
            ALL_FIELDS.includes(field as ProjectField),
          ),
        ),
      );
      setFormError(applyServerErrors(error, [], form.setError));
    }
  };

  const index = stepIndex(active);
  const isLast = active === 'REVIEW';
  const previous = CUSTOM_PROJECT_STEPS[index - 1];
  const next = CUSTOM_PROJECT_STEPS[index + 1];

  const fieldsOf = (step: CustomProjectStep): ReactNode => {
    switch (step) {
      case 'BASICS':
        return <BasicsFields form={form} renderSupplierPicker={renderSupplierPicker} />;
      case 'DETAILS':
        return <DetailsFields form={form} />;
      case 'QUANTITY_AND_DATE':
        return (
          <QuantityAndDateFields
            form={form}
            passedDate={
              project && hasCompletionDatePassed(project.completionDate, todayUtc())
                ? project.completionDate
                : null
            }
          />
        );
      case 'REVIEW':
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Check your request. Once submitted it can no longer be changed.
            </Text>
            <CustomProjectSummary
              values={values}
              supplierName={
                saved?.companyId === values.companyId ? (saved?.companyName ?? null) : null
              }
              errors={reviewErrors}
              onEdit={(step) => void goTo(step, { validate: false })}
            />
          </Stack>
        );
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form
        noValidate
        aria-label="Custom project request"
        onSubmit={(event) => {
          event.preventDefault();
          if (isLast) void submit();
          else if (next) void goTo(next, { validate: true });
        }}
      >
        <Stepper
          active={index}
          onStepClick={(target) => {
            const step = CUSTOM_PROJECT_STEPS[target];
            if (step) void goTo(step, { validate: false });
          }}
          allowNextStepsSelect={false}
          orientation={isNarrow ? 'vertical' : 'horizontal'}
          size="sm"
        >
          {CUSTOM_PROJECT_STEPS.map((step) => (
            <Stepper.Step
              key={step}
              label={STEP_LABELS[step].label}
              description={STEP_LABELS[step].description}
              loading={save.isPending && step === active}
              data-testid={`step-${step}`}
            >
              <Stack gap="md" pt="md" maw={760}>
                {formError ? (
                  <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                    {formError}
                  </Alert>
                ) : null}
                {fieldsOf(step)}
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
        <Group justify="space-between" mt="xl">
          {previous ? (
            <Button
              variant="default"
              onClick={() => void goTo(previous, { validate: false })}
              disabled={save.isPending}
            >
              Back
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {saved ? (
              <Text size="xs" c="dimmed" visibleFrom="sm">
                Draft saved
              </Text>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              {isLast ? 'Submit request' : 'Next'}
            </Button>
          </Group>
        </Group>
      </form>
    </Paper>
  );
};
